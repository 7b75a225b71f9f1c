// Fitted parameters written back as user catalog entries: each touched component's row copied
// under a new id with the fitted columns replaced and its source naming the measurement.

#include <algorithm>
#include <cctype>
#include <map>

#include "catalog/catalog.h"
#include "measure/calibrate.h"
#include "measure/importers.h"

namespace raidadv::measure {
namespace {

const std::string& component_id(const System& s, CatalogKind kind) {
    switch (kind) {
        case CatalogKind::Drives:
            return s.drive.info.id;
        case CatalogKind::Controllers:
            return s.controller.info.id;
        case CatalogKind::Links:
            return s.drive_link.info.id;
        case CatalogKind::Hosts:
            break;
    }
    return s.host.info.id;
}

/// Lower-case letters, digits and dashes: what catalog ids are made of.
std::string id_part(const std::string& text) {
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        out += std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '-';
    }
    return out.substr(0, 40);
}

bool id_taken(const Catalog& catalog, const std::string& id) {
    for (const CatalogKind k : kCatalogKinds) {
        for (const CatalogRow& row : catalog.rows(k)) {
            if (row.id() == id) {
                return true;
            }
        }
    }
    return false;
}

}  // namespace

std::vector<FittedEntry> fitted_entries(const Catalog& catalog, const CalibrationResult& result,
                                        const std::string& host, const std::string& date,
                                        const std::string& evidence) {
    std::map<CatalogKind, std::vector<std::size_t>> by_kind;
    for (std::size_t k = 0; k < result.parameters.size(); ++k) {
        const bool no_effect = std::any_of(
            result.indistinct.begin(), result.indistinct.end(), [&](const Indistinct& g) {
                return g.no_effect && g.keys.front() == result.parameters[k]->key;
            });
        if (!no_effect) {
            by_kind[result.parameters[k]->kind].push_back(k);
        }
    }
    std::vector<FittedEntry> out;
    for (const auto& [kind, indices] : by_kind) {
        const std::string& id = component_id(result.fitted, kind);
        const auto columns = catalog_columns(kind);
        const auto rows = catalog.rows(kind);
        auto row = std::find_if(rows.begin(), rows.end(),
                                [&](const CatalogRow& r) { return r.id() == id; });
        if (id.empty() || row == rows.end()) {
            continue;  // inline components have no catalog row to copy
        }
        FittedEntry e{kind, id, {}};
        for (std::size_t c = 0; c < columns.size() && c < row->fields.size(); ++c) {
            e.fields[columns[c].name] = row->fields[c];
        }
        std::string new_id = id + "-measured-" + id_part(host) + "-" + id_part(date);
        for (int n = 2; id_taken(catalog, new_id); ++n) {
            new_id =
                id + "-measured-" + id_part(host) + "-" + id_part(date) + "-" + std::to_string(n);
        }
        e.fields["id"] = new_id;
        e.fields["name"] = e.fields["name"] + " (measured on " + host + ")";
        std::string fitted;
        for (const std::size_t k : indices) {
            const CalibrationParameter& p = *result.parameters[k];
            const std::string value = detail::short_number(result.after[k] * p.csv_scale, 4);
            e.fields[p.column] = value;
            fitted += (fitted.empty() ? "" : ", ") + p.column + " " + value +
                      (result.at_bound[k] ? " (at its bound)" : "");
        }
        e.fields["source"] = "measured on " + host + ", " + date +
                             ": raid-advisor-cli calibrate fitted " + fitted + " to " + evidence +
                             "; every other figure as in catalog entry " + id + ": " +
                             e.fields["source"];
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace raidadv::measure
