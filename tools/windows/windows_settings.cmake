# Settings of the Windows build (tools/windows/build.sh, with mingw-toolchain.cmake; docs/windows.md).
# Included by the top CMakeLists.txt in place of the native packages: the build makes the engine alone, so
# doctest is not needed.

shuai_use_header_only_fmt(Windows)  # fmt from a folder that holds only its headers (CMakeLists.txt)

# std::thread from MinGW-w64's POSIX-threads runtime (winpthreads), linked statically with the rest.
find_package(Threads REQUIRED)
