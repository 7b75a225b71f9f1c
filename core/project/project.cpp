#include "project/project.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include "project/json_text.h"
#include "project/keys.h"
#include "project/migrate.h"
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

constexpr std::size_t kMaxPins = 4;

/// The version of the program that wrote the file, if it says so in a readable form: v2
/// `written_by.version`, v1 `app_version`.
std::string writer_version(const json& root) {
    namespace k = project_keys::top_level;
    const json* text = nullptr;
    if (const auto by = root.find(k::written_by); by != root.end() && by->is_object()) {
        if (const auto v = by->find(project_keys::written_by::version); v != by->end()) {
            text = &*v;
        }
    } else if (const auto a = root.find(k::app_version); a != root.end()) {
        text = &*a;
    }
    if (text == nullptr || !text->is_string() || text->get_ref<const std::string&>().size() > 40) {
        return {};
    }
    return text->get<std::string>();
}

/// Checks "format" and "version"; false if the rest of the file must not be read.
bool read_header(const json& root, ObjectReader& r, Issues& issues) {
    namespace k = project_keys::top_level;
    const std::string expected = std::string("\"") + kProjectFormatName + "\"";
    if (const json* format = r.find(k::format)) {
        if (!format->is_string() || format->get<std::string>() != kProjectFormatName) {
            r.problem(k::format, "must be " + expected +
                                     " (this is not a RAID Advisor project "
                                     "file?), got " +
                                     describe(*format));
            return false;
        }
    } else {
        r.missing(k::format, "must be " + expected);
        return false;
    }
    const json* version = r.find(k::version);
    if (version == nullptr) {
        r.missing(k::version, "the format version, " + std::to_string(kProjectFormatVersion) +
                                  " for this version of RAID Advisor");
        return false;
    }
    const double number = version->is_number() ? version->get<double>() : 0.0;
    if (number > kProjectFormatVersion && number == std::floor(number)) {
        const std::string writer = writer_version(root);
        const std::string app = writer.empty() ? std::string() : " " + writer;
        r.problem(k::version, "made by a newer RAID Advisor" + app + ": format version " +
                                  describe(*version) + ", this version reads up to " +
                                  std::to_string(kProjectFormatVersion));
        return false;
    }
    if (!read_integer(*version, r.key_path(k::version), 1, kProjectFormatVersion, issues)) {
        return false;
    }
    return true;
}

template <typename T, typename ReadOne>
std::vector<T> read_list(ObjectReader& r, const char* key, std::size_t max_count,
                         const char* element, ReadOne read_one, bool required = true) {
    std::vector<T> items;
    const json* list = r.find(key);
    if (list == nullptr) {
        if (required) {
            r.missing(key, std::string("an array of ") + element);
        }
        return items;
    }
    const std::size_t min_count = required ? 1 : 0;
    if (!list->is_array() || list->size() < min_count || list->size() > max_count) {
        r.problem(
            key,
            "must be an array of " + std::to_string(min_count) + " to " +
                std::to_string(max_count) + " " + element + ", got " + describe(*list) +
                (list->is_array() && !list->empty() ? " of " + std::to_string(list->size()) : ""));
        return items;
    }
    // Entries of both lists, systems and workloads, are named by the same key.
    static_assert(std::string_view(project_keys::system::name) == project_keys::workload::name);
    const char* name_key = project_keys::system::name;
    std::set<std::string> names;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string path = index_path(r.key_path(key), i);
        T item = read_one((*list)[i], path);
        if (!item.name.empty() && !names.insert(item.name).second) {
            r.issues().add(join_path(path, name_key), "another entry of '" + std::string(key) +
                                                          "' is already named '" + item.name +
                                                          "'; names must be unique");
        }
        items.push_back(std::move(item));
    }
    return items;
}

/// The header first, with every key allowed: a file of another format or of a newer version gets
/// that one message, not a list of keys this version does not know. False if the rest must not be
/// read.
bool check_header(const json& root, Issues& issues) {
    std::vector<std::string> present;
    if (root.is_object()) {
        for (const auto& item : root.items()) {
            present.push_back(item.key());
        }
    }
    ObjectReader header(root, "$", issues, present, "an object (a RAID Advisor project)");
    return header.valid() && read_header(root, header, issues);
}

void read_written_by(const json& value, const std::string& path, Issues& issues) {
    namespace k = project_keys::written_by;
    ObjectReader r(value, path, issues, {k::app, k::version});
    std::string text;
    r.text(k::app, text, kMaxIdLength, Need::Required);
    r.text(k::version, text, kMaxIdLength, Need::Required);
}

/// session.pool_what_if: checked here, shown by the desktop application (app/gui/pool_what_if.h),
/// which says why a pool that ZFS cannot build is refused (zfs_layout_problem).
void read_pool_what_if(const json& value, const std::string& path, Issues& issues) {
    ObjectReader r(value, path, issues,
                   {"configuration", "drives_per_vdev", "vdevs", "recordsize_kib", "draid_data"},
                   "an object like {\"configuration\": \"...\", \"drives_per_vdev\": 6, "
                   "\"vdevs\": 2, \"recordsize_kib\": 128, \"draid_data\": 0}");
    if (!r.valid()) {
        return;
    }
    std::string name;
    int count = 0;
    double record = 0.0;
    r.text("configuration", name, kMaxNameLength, Need::Required);
    r.integer("drives_per_vdev", 1, kMaxTotalDrives, count, Need::Required);
    r.integer("vdevs", 1, kMaxTotalDrives, count, Need::Required);
    r.number("recordsize_kib", {0.5, 16384}, record, 1.0, Need::Required);
    r.integer("draid_data", 0, 255, count);
}

ProjectSession read_session(const json& value, const std::string& path, Issues& issues) {
    namespace k = project_keys::session;
    ProjectSession session;
    ObjectReader r(value, path, issues, {k::pins, k::selected, k::pool_what_if});
    r.text(k::selected, session.selected, kMaxNameLength);
    if (const json* pool = r.find(k::pool_what_if)) {
        read_pool_what_if(*pool, r.key_path(k::pool_what_if), issues);
    }
    if (const json* pins = r.find(k::pins)) {
        if (!pins->is_array() || pins->size() > kMaxPins) {
            r.problem(k::pins, "must be an array of 0 to " + std::to_string(kMaxPins) +
                                   " configuration names, got " + describe(*pins));
            return session;
        }
        for (std::size_t i = 0; i < pins->size(); ++i) {
            const json& pin = (*pins)[i];
            const std::string pin_path = index_path(r.key_path(k::pins), i);
            if (!pin.is_string() || pin.get_ref<const std::string&>().empty() ||
                pin.get_ref<const std::string&>().size() > kMaxNameLength) {
                issues.add(pin_path, "must be a configuration name of 1 to " +
                                         std::to_string(kMaxNameLength) + " bytes, got " +
                                         describe(pin));
                continue;
            }
            const std::string& name = pin.get_ref<const std::string&>();
            if (std::find(session.pins.begin(), session.pins.end(), name) != session.pins.end()) {
                issues.add(pin_path, "'" + name + "' is pinned twice");
                continue;
            }
            session.pins.push_back(name);
        }
    }
    return session;
}

Project read_project(json& root, const Catalog& catalog, Issues& issues) {
    namespace k = project_keys::top_level;
    Project project;
    if (!check_header(root, issues)) {
        return project;
    }
    migrate_project_json(root);
    ObjectReader r(root, "$", issues,
                   {k::format, k::version, k::written_by, k::name, k::description, k::systems,
                    k::workloads, k::advisor, k::session});
    const bool asks_advisor = r.has(k::advisor);
    if (const json* by = r.find(k::written_by)) {
        read_written_by(*by, r.key_path(k::written_by), issues);
    }
    r.text(k::name, project.name, kMaxNameLength, Need::Optional, true);
    r.text(k::description, project.description, kMaxDescriptionLength, Need::Optional, true);
    project.systems = read_list<System>(
        r, k::systems, kMaxSystems, "systems",
        [&](const json& v, const std::string& path) {
            return read_system(v, path, catalog, issues);
        },
        !asks_advisor);
    project.workloads = read_list<Workload>(
        r, k::workloads, kMaxWorkloads, "workloads",
        [&](const json& v, const std::string& path) { return read_workload(v, path, issues); });
    if (const json* advisor = r.find(k::advisor)) {
        project.advisor =
            read_advisor(*advisor, r.key_path(k::advisor), project.workloads, catalog, issues);
    }
    if (const json* session = r.find(k::session)) {
        project.session = read_session(*session, r.key_path(k::session), issues);
    }
    return project;
}

}  // namespace
}  // namespace project_detail

ProjectHeader read_project_header(const std::string& json_text) {
    ProjectHeader header;
    auto root = project_detail::parse_json_text(json_text, header.issues);
    if (!root || !header.issues.empty()) {
        return header;
    }
    project_detail::Issues issues;
    if (project_detail::check_header(*root, issues)) {
        header.version = static_cast<int>((*root)[project_keys::top_level::version].get<double>());
    }
    header.written_by = project_detail::writer_version(*root);
    header.issues = std::move(issues.list());
    return header;
}

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
