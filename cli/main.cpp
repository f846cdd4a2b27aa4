#include <iostream>
#include "wce/wce.hpp"
int main() { std::cout << wce::extractors().size() << "\n"; }
