#include "catalog/sources.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "catalog/csv.h"
#include "catalog/parse_rows.h"

namespace raidadv::catalog_detail {
namespace {

namespace fs = std::filesystem;

std::string where(std::string_view file, int line, std::string_view column) {
    return std::string(file) + ":" + std::to_string(line) + " column " + std::string(column);
}

/// The line number in "drives.csv:12 column rpm" (0 if there is none).
int line_of(const std::string& where) {
    const std::size_t colon = where.find(':');
    return colon == std::string::npos ? 0 : std::atoi(where.c_str() + colon + 1);
}

/// Reads and parses one CSV file of the sources.
template <class E>
std::vector<E> read_table(const fs::path& dir, std::string_view file,
                          const std::vector<Column<E>>& columns,
                          std::vector<CatalogError>& errors) {
    const fs::path path = dir / file;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        errors.push_back(CatalogError{
            std::string(file), "cannot read " + path.string() + " (file missing or unreadable)"});
        return {};
    }
    std::ostringstream text;
    text << in.rdbuf();
    std::vector<CsvProblem> problems;
    const CsvTable csv = parse_csv(text.str(), problems);
    std::vector<CatalogError> found;
    for (const CsvProblem& p : problems) {
        found.push_back(CatalogError{std::string(file) + ":" + std::to_string(p.line), p.message});
    }
    std::vector<E> entries = parse_rows(file, csv, columns, found);
    // Report in line order, whichever check found the problem.
    std::stable_sort(found.begin(), found.end(), [](const CatalogError& a, const CatalogError& b) {
        return line_of(a.where) < line_of(b.where);
    });
    errors.insert(errors.end(), found.begin(), found.end());
    return entries;
}

/// Ids must be unique across all tables: project files refer to hardware by id alone.
class IdRegistry {
  public:
    explicit IdRegistry(std::vector<CatalogError>& errors) : errors_(errors) {}

    template <class E>
    void add(std::string_view file, const std::vector<E>& entries) {
        for (const E& e : entries) {
            const std::string& id = e.spec.info.id;
            if (id.empty()) {
                continue;  // already reported
            }
            const std::string here = std::string(file) + ":" + std::to_string(e.line);
            auto [it, inserted] = first_.emplace(id, here);
            if (!inserted) {
                errors_.push_back(CatalogError{
                    where(file, e.line, "id"),
                    "duplicate id '" + id + "' (first defined at " + it->second + ")"});
            }
        }
    }

  private:
    std::vector<CatalogError>& errors_;
    std::map<std::string, std::string> first_;
};

void check_drive(const DriveEntry& e, const std::set<std::string>& link_ids,
                 const std::string& link_list, std::vector<CatalogError>& errors) {
    const DriveSpec& d = e.spec;
    if (!d.interface.empty() && link_ids.count(d.interface) == 0) {
        errors.push_back(CatalogError{where("drives.csv", e.line, "interface"),
                                      "must be the id of a link in links.csv (" + link_list +
                                          "), got '" + d.interface + "'"});
    }
    if (!e.valid || d.kind != DriveKind::Hdd) {
        return;  // the checks below would only repeat problems reported already
    }
    const HddSpec& h = d.hdd;
    if (h.seek_track_to_track_s > h.seek_average_s || h.seek_average_s > h.seek_full_stroke_s) {
        errors.push_back(
            CatalogError{where("drives.csv", e.line, "seek_avg_ms"),
                         "seeks must satisfy seek_track_ms <= seek_avg_ms <= seek_full_ms, got " +
                             format_number(h.seek_track_to_track_s * 1e3) + " / " +
                             format_number(h.seek_average_s * 1e3) + " / " +
                             format_number(h.seek_full_stroke_s * 1e3)});
    }
    if (h.media_rate_inner_Bps > h.media_rate_outer_Bps) {
        errors.push_back(CatalogError{where("drives.csv", e.line, "media_rate_inner_mb_s"),
                                      "must not exceed media_rate_outer_mb_s (outer tracks are "
                                      "the fastest)"});
    }
}

template <class E>
void check_price(std::string_view file, const std::vector<E>& entries,
                 std::vector<CatalogError>& errors) {
    for (const E& e : entries) {
        if (e.spec.info.price_usd > 0.0 && e.spec.info.price_date.empty()) {
            errors.push_back(CatalogError{where(file, e.line, "price_date"),
                                          "is required when price_usd is given (prices change "
                                          "quickly; say when it was paid)"});
        }
    }
}

}  // namespace

Sources read_sources(const fs::path& dir, std::vector<CatalogError>& errors) {
    Sources s;
    s.drives = read_table(dir, "drives.csv", drive_columns(), errors);
    s.controllers = read_table(dir, "controllers.csv", controller_columns(), errors);
    s.links = read_table(dir, "links.csv", link_columns(), errors);
    s.hosts = read_table(dir, "hosts.csv", host_columns(), errors);

    IdRegistry ids(errors);
    ids.add("links.csv", s.links);
    ids.add("drives.csv", s.drives);
    ids.add("controllers.csv", s.controllers);
    ids.add("hosts.csv", s.hosts);

    std::set<std::string> link_ids;
    std::string link_list;
    for (const LinkEntry& l : s.links) {
        if (!l.spec.info.id.empty() && link_ids.insert(l.spec.info.id).second) {
            link_list += (link_list.empty() ? "" : ", ") + l.spec.info.id;
        }
    }
    for (const DriveEntry& d : s.drives) {
        check_drive(d, link_ids, link_list, errors);
    }
    check_price("drives.csv", s.drives, errors);
    check_price("controllers.csv", s.controllers, errors);
    check_price("links.csv", s.links, errors);
    check_price("hosts.csv", s.hosts, errors);
    return s;
}

}  // namespace raidadv::catalog_detail
