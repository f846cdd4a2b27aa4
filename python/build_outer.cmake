# The Python module's build as scikit-build-core runs it (pip install .).
#
# Why two builds: pip builds in a new isolated environment each time, and
# scikit-build-core then finds its CMake cache stale (it names the previous
# environment's paths) and deletes it with CMakeFiles/, where every object
# file lives, so a second `pip install .` compiled the whole core again. This
# outer project only starts an inner build of the same CMakeLists.txt
# (WCE_PYTHON_INNER: the core, nanobind and python/bindings.cpp) in
# ${CMAKE_BINARY_DIR}/inner, which scikit-build-core never deletes, with
# nanobind copied once per version beside it so that no path of the inner
# build names the isolated environment. Unchanged sources: the inner Ninja
# has nothing to do. Then the module is installed into the wheel.
cmake_minimum_required(VERSION 3.20)
include(ExternalProject)

find_package(Python 3.9 COMPONENTS Interpreter Development.Module REQUIRED)
find_package(nanobind CONFIG REQUIRED)
get_filename_component(wce_nanobind_pkg "${nanobind_DIR}" DIRECTORY)  # <site-packages>/nanobind
set(wce_nanobind_copy "${CMAKE_BINARY_DIR}/nanobind-${nanobind_VERSION}")
if(NOT EXISTS "${wce_nanobind_copy}/copied")
  file(REMOVE_RECURSE "${wce_nanobind_copy}")
  file(COPY "${wce_nanobind_pkg}/" DESTINATION "${wce_nanobind_copy}" PATTERN "__pycache__" EXCLUDE)
  file(WRITE "${wce_nanobind_copy}/copied" "${wce_nanobind_pkg}\n")
endif()

# What the inner build must see as the outer does (compilers, ccache, and
# Ninja, which may come from the isolated environment: refreshed each run).
set(wce_inner_args
  -DWCE_PYTHON_INNER=ON
  -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
  -DPython_EXECUTABLE=${Python_EXECUTABLE}
  -Dnanobind_DIR=${wce_nanobind_copy}/cmake
  -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
  -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER})
foreach(v CMAKE_MAKE_PROGRAM CMAKE_C_COMPILER_LAUNCHER CMAKE_CXX_COMPILER_LAUNCHER WCE_FETCH_SOURCES)
  if(DEFINED ${v})
    list(APPEND wce_inner_args -D${v}=${${v}})
  endif()
endforeach()

set(wce_inner "${CMAKE_BINARY_DIR}/inner")
ExternalProject_Add(wce_python_inner
  SOURCE_DIR "${CMAKE_SOURCE_DIR}"
  BINARY_DIR "${wce_inner}"
  PREFIX "${CMAKE_BINARY_DIR}/inner-steps"
  CMAKE_ARGS ${wce_inner_args}
  BUILD_ALWAYS ON
  INSTALL_COMMAND ""
  USES_TERMINAL_BUILD ON)
install(DIRECTORY "${wce_inner}/module/" DESTINATION wce)
