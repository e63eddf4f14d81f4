// The tools' data folder: installed beside the programs, else the source tree's (data_directory.h).
#include "tools/common/data_directory.h"

#include <filesystem>
#include <fstream>
#include <system_error>

namespace shuai::tools {

std::string positions_directory() {
  std::error_code error;
  // Linux names the running program here; elsewhere the lookup fails and the source tree is used.
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const std::filesystem::path installed = program.parent_path() / SHUAI_INSTALLED_POSITIONS_DIR;
    if (std::filesystem::exists(installed / "openings.fen", error))
      return std::filesystem::weakly_canonical(installed, error).string();
  }
  return SHUAI_SOURCE_POSITIONS_DIR;
}

bool write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.flush();
  return bool(out);
}

}  // namespace shuai::tools
