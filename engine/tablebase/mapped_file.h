// A file mapped read-only into memory: the engine probes table files this way, so that a set larger than the
// machine's memory is paged in by the system as the search reaches it instead of being read in whole.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace shuai::tablebase {

class MappedFile {
 public:
  MappedFile() = default;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  ~MappedFile();

  // Maps the whole file; one line saying why on failure (the file is left unmapped).
  std::optional<std::string> open(const std::filesystem::path& path);
  const unsigned char* data() const { return data_; }
  std::uint64_t size() const { return size_; }

 private:
  void close();

  const unsigned char* data_ = nullptr;
  std::uint64_t size_ = 0;
};

}  // namespace shuai::tablebase
