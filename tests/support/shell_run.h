#pragma once
// Runs a shell command from a test (the built raid-advisor-cli, usually) and captures its exit
// status, standard output and standard error.

#include <errno.h>  // program_invocation_short_name (GNU)
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

namespace raidadv::test {

struct ShellRun {
    int status = -1;  ///< exit status, -1 if the command did not exit normally
    std::string out;
    std::string err;
};

/// A folder of this test process's own (<tmp>/raid-advisor-test-<name>-<pid>), emptied when
/// made and removed at exit.
class ScratchDir {
  public:
    explicit ScratchDir(const std::string& name)
        : path_(std::filesystem::temp_directory_path() /
                ("raid-advisor-test-" + name + "-" + std::to_string(::getpid()))) {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

/// `s` in single quotes for /bin/sh (paths here hold no single quote).
inline std::string shell_quoted(const std::string& s) {
    return "'" + s + "'";
}

inline std::string read_text(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

/// Runs `command` with /bin/sh; standard error goes through `err_file` (overwritten).
inline ShellRun run_shell(const std::string& command, const std::filesystem::path& err_file) {
    ShellRun run;
    FILE* pipe = ::popen((command + " 2>" + shell_quoted(err_file.string())).c_str(), "r");
    REQUIRE(pipe != nullptr);
    char buffer[4096];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) {
        run.out.append(buffer, n);
    }
    const int status = ::pclose(pipe);
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.err = read_text(err_file);
    return run;
}

/// The command line `<environment> raid-advisor-cli <args>` of the built CLI (RAID_BIN_DIR);
/// both are passed to the shell as they are.
inline std::string cli_command(const std::string& args, const std::string& environment = "") {
    return environment + (environment.empty() ? "" : " ") +
           shell_quoted(std::string(RAID_BIN_DIR) + "/raid-advisor-cli") + " " + args;
}

/// This test program's scratch folder (<tmp>/raid-advisor-test-<program>-<pid>), made on first
/// use and removed at exit.
inline const std::filesystem::path& scratch_dir() {
    static const ScratchDir dir(program_invocation_short_name);
    return dir.path();
}

/// Runs `raid-advisor-cli <args>` (passed to the shell as is), standard error through a file in
/// the scratch folder.
inline ShellRun run_cli(const std::string& args, const std::string& environment = "") {
    return run_shell(cli_command(args, environment), scratch_dir() / "stderr.txt");
}

}  // namespace raidadv::test
