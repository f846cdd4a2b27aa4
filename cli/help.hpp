// The help texts: `wce --help` (every command) and `wce COMMAND --help`.
#pragma once
#include <ostream>
#include <string>
#include <vector>

namespace wce::cli {

// The whole usage: a header line, every command's help, the exit codes.
void print_usage(std::ostream& out);
// One command's help; false if `command` is not a command.
bool print_command_help(const std::string& command, std::ostream& out);
// True if args (after the command) ask for help: --help or -h anywhere.
bool asks_for_help(const std::vector<std::string>& args);

}  // namespace wce::cli
