#include "catalog/sources.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "catalog/csv.h"
#include "catalog/entry_checks.h"
#include "catalog/parse_rows.h"

namespace raidadv::catalog_detail {
namespace {

namespace fs = std::filesystem;

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

}  // namespace

Sources read_sources(const fs::path& dir, std::vector<CatalogError>& errors) {
    Sources s;
    s.drives = read_table(dir, "drives.csv", drive_columns(), errors);
    s.controllers = read_table(dir, "controllers.csv", controller_columns(), errors);
    s.links = read_table(dir, "links.csv", link_columns(), errors);
    s.hosts = read_table(dir, "hosts.csv", host_columns(), errors);
    if (fs::exists(dir / "enclosures.csv")) {  // optional: catalogs without expanders or JBODs
        s.enclosures = read_table(dir, "enclosures.csv", enclosure_columns(), errors);
    }

    IdRegistry ids(errors);
    ids.add("links.csv", s.links);
    ids.add("drives.csv", s.drives);
    ids.add("controllers.csv", s.controllers);
    ids.add("hosts.csv", s.hosts);
    ids.add("enclosures.csv", s.enclosures);

    LinkIds links;
    for (const LinkEntry& l : s.links) {
        links.add(l.spec.info.id);
    }
    // Reference and ordering checks first, then prices (the order of the messages).
    std::vector<CatalogError> prices;
    auto check_all = [&](std::string_view file, const auto& entries) {
        for (const auto& e : entries) {
            std::vector<CatalogError> found;
            check_entry(file, e, links, found);
            for (CatalogError& f : found) {
                (f.where.find("price_date") != std::string::npos ? prices : errors)
                    .push_back(std::move(f));
            }
        }
    };
    check_all("drives.csv", s.drives);
    check_all("controllers.csv", s.controllers);
    check_all("links.csv", s.links);
    check_all("hosts.csv", s.hosts);
    check_all("enclosures.csv", s.enclosures);
    // A host's on-board SATA controller names a controller row.
    for (const HostEntry& h : s.hosts) {
        const std::string& id = h.spec.onboard_controller;
        if (!id.empty() &&
            std::none_of(s.controllers.begin(), s.controllers.end(),
                         [&](const ControllerEntry& c) { return c.spec.info.id == id; })) {
            errors.push_back(CatalogError{where("hosts.csv", h.line, "onboard_controller"),
                                          "must be the id of a controller in controllers.csv, "
                                          "got '" +
                                              id + "'"});
        }
    }
    errors.insert(errors.end(), prices.begin(), prices.end());
    return s;
}

}  // namespace raidadv::catalog_detail
