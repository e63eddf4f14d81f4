// Mapping a file read-only: mmap on POSIX systems, a file mapping view on Windows. The file's handle is
// closed once mapped (the mapping keeps the file), so a set of 1,456 files holds no descriptors open.
#include "engine/tablebase/mapped_file.h"

#include <fmt/format.h>
#include <utility>

#ifdef _WIN32
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#endif

namespace shuai::tablebase {

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    close();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

MappedFile::~MappedFile() {
  close();
}

#ifdef _WIN32

std::optional<std::string> MappedFile::open(const std::filesystem::path& path) {
  close();
  const HANDLE file = CreateFileW(path.wstring().c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr,
                                  OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file == INVALID_HANDLE_VALUE)
    return fmt::format("{}: cannot open (error {})", path.string(), GetLastError());
  LARGE_INTEGER size{};
  if (!GetFileSizeEx(file, &size)) {
    CloseHandle(file);
    return fmt::format("{}: cannot read its size", path.string());
  }
  if (size.QuadPart == 0) {  // a mapping of nothing is refused; an empty file maps to no bytes
    CloseHandle(file);
    return std::nullopt;
  }
  const HANDLE mapping = CreateFileMappingW(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
  CloseHandle(file);
  if (mapping == nullptr) return fmt::format("{}: cannot map (error {})", path.string(), GetLastError());
  const void* view = MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0);
  CloseHandle(mapping);
  if (view == nullptr) return fmt::format("{}: cannot map (error {})", path.string(), GetLastError());
  data_ = static_cast<const unsigned char*>(view);
  size_ = std::uint64_t(size.QuadPart);
  return std::nullopt;
}

void MappedFile::close() {
  if (data_ != nullptr) UnmapViewOfFile(data_);
  data_ = nullptr;
  size_ = 0;
}

#else

std::optional<std::string> MappedFile::open(const std::filesystem::path& path) {
  close();
  const int file = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (file < 0) return fmt::format("{}: {}", path.string(), std::strerror(errno));
  struct stat status {};
  if (fstat(file, &status) != 0) {
    const int error = errno;
    ::close(file);
    return fmt::format("{}: {}", path.string(), std::strerror(error));
  }
  if (status.st_size == 0) {  // mmap refuses a length of 0; an empty file maps to no bytes
    ::close(file);
    return std::nullopt;
  }
  void* view = mmap(nullptr, std::size_t(status.st_size), PROT_READ, MAP_SHARED, file, 0);
  const int error = errno;
  ::close(file);
  if (view == MAP_FAILED) return fmt::format("{}: cannot map: {}", path.string(), std::strerror(error));
  data_ = static_cast<const unsigned char*>(view);
  size_ = std::uint64_t(status.st_size);
  return std::nullopt;
}

void MappedFile::close() {
  if (data_ != nullptr) munmap(const_cast<unsigned char*>(data_), std::size_t(size_));
  data_ = nullptr;
  size_ = 0;
}

#endif

}  // namespace shuai::tablebase
