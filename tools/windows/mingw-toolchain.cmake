# CMake toolchain file for the Windows build (docs/windows.md): Debian's MinGW-w64 cross compiler for x86-64,
# its POSIX-threads flavour (the win32 flavour has no std::thread), linked statically so that shuai.exe needs
# no DLL of the compiler's. Used by tools/windows/build.sh.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
# Headers and libraries come from the cross compiler's own sysroot only: Debian's /usr/include is glibc's.
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# No libstdc++, libgcc or winpthread DLL beside the program: everything is linked in.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
