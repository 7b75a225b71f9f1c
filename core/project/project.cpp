#include "project/project.h"

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include "project/json_text.h"
#include "project/sections.h"
#include "units/units.h"

namespace raidadv {

namespace {

std::string summarize_issues(const std::vector<ProjectIssue>& issues) {
    std::string text = issues.empty() ? "invalid project" : issues.front().to_string();
    if (issues.size() > 1) {
        text += " (and " + std::to_string(issues.size() - 1) + " more problems)";
    }
    return text;
}

/// A problem with the file as a whole.
[[noreturn]] void fail(std::string message) {
    throw ProjectError(std::vector<ProjectIssue>{ProjectIssue{"$", std::move(message)}});
}

}  // namespace

ProjectError::ProjectError(std::vector<ProjectIssue> found)
    : std::runtime_error(summarize_issues(found)), issues(std::move(found)) {}

namespace project_detail {
namespace {

constexpr std::uintmax_t kMaxFileBytes = 64ull * 1024 * 1024;
constexpr std::size_t kMaxSystems = 1000;
constexpr std::size_t kMaxWorkloads = 1000;

/// Brings a file of an older format version up to kProjectFormatVersion. There are no older
/// versions yet; a change of format adds a step here (docs/file-format.md, "Versions").
void migrate(json& /*root*/, int version) {
    (void)version;
}

/// Checks "format" and "version"; false if the rest of the file must not be read.
bool read_header(ObjectReader& r, Issues& issues) {
    const std::string expected = std::string("\"") + kProjectFormatName + "\"";
    if (const json* format = r.find("format")) {
        if (!format->is_string() || format->get<std::string>() != kProjectFormatName) {
            r.problem("format", "must be " + expected +
                                    " (this is not a RAID Advisor project "
                                    "file?), got " +
                                    describe(*format));
            return false;
        }
    } else {
        r.missing("format", "must be " + expected);
        return false;
    }
    const json* version = r.find("version");
    if (version == nullptr) {
        r.missing("version", "the format version, " + std::to_string(kProjectFormatVersion) +
                                 " for this version of RAID Advisor");
        return false;
    }
    const double number = version->is_number() ? version->get<double>() : 0.0;
    if (number > kProjectFormatVersion && number == std::floor(number)) {
        std::string app;
        if (const json* a = r.find("app_version");
            a != nullptr && a->is_string() && a->get_ref<const std::string&>().size() <= 40) {
            app = " " + a->get<std::string>();
        }
        r.problem("version", "made by a newer RAID Advisor" + app + ": format version " +
                                 describe(*version) + ", this version reads up to " +
                                 std::to_string(kProjectFormatVersion));
        return false;
    }
    if (!read_integer(*version, r.key_path("version"), 1, kProjectFormatVersion, issues)) {
        return false;
    }
    return true;
}

template <typename T, typename ReadOne>
std::vector<T> read_list(ObjectReader& r, const char* key, std::size_t max_count,
                         const char* element, ReadOne read_one) {
    std::vector<T> items;
    const json* list = r.find(key);
    if (list == nullptr) {
        r.missing(key, std::string("an array of ") + element);
        return items;
    }
    if (!list->is_array() || list->empty() || list->size() > max_count) {
        r.problem(
            key,
            "must be an array of 1 to " + std::to_string(max_count) + " " + element + ", got " +
                describe(*list) +
                (list->is_array() && !list->empty() ? " of " + std::to_string(list->size()) : ""));
        return items;
    }
    std::set<std::string> names;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string path = index_path(r.key_path(key), i);
        T item = read_one((*list)[i], path);
        if (!item.name.empty() && !names.insert(item.name).second) {
            r.issues().add(join_path(path, "name"), "another entry of '" + std::string(key) +
                                                        "' is already named '" + item.name +
                                                        "'; names must be unique");
        }
        items.push_back(std::move(item));
    }
    return items;
}

Project read_project(json& root, const Catalog& catalog, Issues& issues) {
    Project project;
    {
        // The header first, with every key allowed: a file of another format or of a newer
        // version gets that one message, not a list of keys this version does not know.
        std::vector<std::string> present;
        if (root.is_object()) {
            for (const auto& item : root.items()) {
                present.push_back(item.key());
            }
        }
        ObjectReader header(root, "$", issues, present, "an object (a RAID Advisor project)");
        if (!header.valid() || !read_header(header, issues)) {
            return project;
        }
    }
    migrate(root, root["version"].get<int>());
    ObjectReader r(
        root, "$", issues,
        {"format", "version", "app_version", "name", "description", "systems", "workloads"});
    std::string app_version;
    r.text("app_version", app_version, kMaxIdLength);
    r.text("name", project.name, kMaxNameLength, Need::Optional, true);
    r.text("description", project.description, kMaxDescriptionLength, Need::Optional, true);
    project.systems = read_list<System>(r, "systems", kMaxSystems, "systems",
                                        [&](const json& v, const std::string& path) {
                                            return read_system(v, path, catalog, issues);
                                        });
    project.workloads = read_list<Workload>(
        r, "workloads", kMaxWorkloads, "workloads",
        [&](const json& v, const std::string& path) { return read_workload(v, path, issues); });
    return project;
}

}  // namespace
}  // namespace project_detail

Project parse_project(const std::string& json_text, const Catalog& catalog) {
    std::vector<ProjectIssue> syntax;
    auto root = project_detail::parse_json_text(json_text, syntax);
    if (!root) {
        throw ProjectError(std::move(syntax));
    }
    project_detail::Issues issues;
    issues.list() = std::move(syntax);  // duplicate keys, if any
    Project project = project_detail::read_project(*root, catalog, issues);
    if (issues.count() > 0) {
        throw ProjectError(std::move(issues.list()));
    }
    return project;
}

Project load_project(const std::filesystem::path& path, const Catalog& catalog) {
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (error || !std::filesystem::exists(status)) {
        fail("cannot read '" + path.string() + "': no such file");
    }
    if (!std::filesystem::is_regular_file(status)) {
        fail("cannot read '" + path.string() + "': not a regular file");
    }
    const auto bytes = std::filesystem::file_size(path, error);
    if (error) {
        fail("cannot read '" + path.string() + "': " + error.message());
    }
    if (bytes > project_detail::kMaxFileBytes) {
        fail("file is " + std::to_string(bytes) + " bytes; project files may be at most 64 MiB");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        fail("cannot open '" + path.string() + "' for reading");
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (!in.good() && !in.eof()) {
        fail("error while reading '" + path.string() + "'");
    }
    std::string content = std::move(text).str();
    if (content.size() > project_detail::kMaxFileBytes) {  // grew while we read it
        fail("file is larger than 64 MiB");
    }
    return parse_project(content, catalog);
}

}  // namespace raidadv
