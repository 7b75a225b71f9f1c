// `catalog list|import|export`: browse the layered catalog, import CSV rows into the user
// catalog (with a report of the rejected rows), export a table as CSV.

#include <unistd.h>

#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli.h"

namespace raidadv::cli {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::string kind_list() {
    std::string list;
    for (CatalogKind k : kCatalogKinds) {
        list += (list.empty() ? "" : ", ") + std::string(catalog_kind_name(k));
    }
    return list;
}

CatalogKind kind_from(const std::map<std::string, std::string>& values, const Command& self) {
    const auto it = values.find("--kind");
    if (it == values.end()) {
        throw UsageError{"--kind is required (one of " + kind_list() + ")", self.synopsis};
    }
    const std::optional<CatalogKind> kind = catalog_kind_from_name(it->second);
    if (!kind) {
        throw UsageError{"--kind must be one of " + kind_list() + ", got '" + it->second + "'",
                         self.synopsis};
    }
    return *kind;
}

/// The bundled catalog (--catalog or the default) with the user catalog layered over it.
Catalog open_layered(const GlobalOptions& options,
                     const std::map<std::string, std::string>& values) {
    const fs::path bundled = options.catalog ? *options.catalog : Catalog::default_path();
    const auto it = values.find("--user-catalog");
    const fs::path user = it != values.end() ? fs::path(it->second) : Catalog::default_user_path();
    CatalogOpenResult opened = Catalog::open(bundled, user);
    if (!opened.message.empty()) {
        std::cerr << kProgram << ": warning: " << opened.message << "\n";
    }
    return std::move(opened.catalog);
}

int run_list(const std::vector<std::string>& args, const GlobalOptions& options,
             const Command& self) {
    std::map<std::string, std::string> values;
    const ParsedArgs parsed = parse_command_args(
        take_valued(args, {"--kind", "--user-catalog"}, values, self), {"--json"}, self);
    if (parsed.positionals.size() != 1) {
        throw UsageError{"list takes no file", self.synopsis};
    }
    std::vector<CatalogKind> kinds(std::begin(kCatalogKinds), std::end(kCatalogKinds));
    if (values.count("--kind") > 0) {
        kinds = {kind_from(values, self)};
    }
    const Catalog catalog = open_layered(options, values);
    json out = json::array();
    for (CatalogKind kind : kinds) {
        const std::vector<CatalogColumnInfo> columns = catalog_columns(kind);
        const std::vector<CatalogRow> rows = catalog.rows(kind);
        if (parsed.has("--json")) {
            for (const CatalogRow& row : rows) {
                json fields = json::object();
                for (std::size_t i = 0; i < columns.size(); ++i) {
                    fields[columns[i].name] = row.fields[i];
                }
                out.push_back({{"kind", std::string(catalog_kind_name(kind))},
                               {"id", row.id()},
                               {"origin", row.user ? "user" : "bundled"},
                               {"fields", fields}});
            }
            continue;
        }
        std::cout << catalog_kind_name(kind) << " (" << rows.size() << "):\n";
        for (const CatalogRow& row : rows) {
            // id, name, vendor, year are the first four columns of every table.
            std::string id = row.fields[0];
            id.resize(std::max<std::size_t>(id.size() + 2, 30), ' ');
            std::cout << "  " << (row.user ? "user    " : "bundled ") << id << row.fields[1]
                      << (row.fields[3].empty() ? "" : " (" + row.fields[3] + ")") << "\n";
        }
    }
    if (parsed.has("--json")) {
        std::cout << out.dump(2) << "\n";
    }
    return kOk;
}

int run_import(const std::vector<std::string>& args, const GlobalOptions& options,
               const Command& self) {
    std::map<std::string, std::string> values;
    const ParsedArgs parsed =
        parse_command_args(take_valued(args, {"--kind", "--user-catalog"}, values, self), {}, self);
    if (parsed.positionals.size() != 2) {
        throw UsageError{"import needs one CSV file", self.synopsis};
    }
    const CatalogKind kind = kind_from(values, self);
    const fs::path file = parsed.positionals[1];
    require_regular_file(file, self);
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    Catalog catalog = open_layered(options, values);
    const CatalogImportReport report =
        catalog.import_csv(kind, text.str(), file.filename().string());
    for (const CatalogError& e : report.file_errors) {
        std::cerr << e.where << ": " << e.message << "\n";
    }
    for (const CatalogRejectedRow& row : report.rejected) {
        for (const CatalogError& reason : row.reasons) {
            std::cerr << file.string() << ":" << row.line
                      << (reason.where.empty() ? "" : " column " + reason.where) << ": "
                      << reason.message << "\n";
        }
    }
    if (!report.file_errors.empty()) {
        std::cout << "nothing imported into " << catalog.user_path().string()
                  << ": the file has problems (above)\n";
        return kBadInput;
    }
    std::cout << "imported " << report.accepted << " of "
              << report.accepted + static_cast<int>(report.rejected.size()) << " "
              << catalog_kind_name(kind) << " rows into " << catalog.user_path().string();
    if (!report.rejected.empty()) {
        std::cout << "; rejected " << report.rejected.size() << " (reasons above)";
    }
    std::cout << "\n";
    return report.file_errors.empty() && report.rejected.empty() ? kOk : kBadInput;
}

int run_export(const std::vector<std::string>& args, const GlobalOptions& options,
               const Command& self) {
    std::map<std::string, std::string> values;
    const ParsedArgs parsed = parse_command_args(
        take_valued(args, {"--kind", "--user-catalog", "-o", "--output"}, values, self), {"--all"},
        self);
    if (parsed.positionals.size() != 1) {
        throw UsageError{"export writes to -o FILE, it takes no other file", self.synopsis};
    }
    const CatalogKind kind = kind_from(values, self);
    const std::string output = values.count("-o") > 0 ? values["-o"] : values["--output"];
    if (output.empty()) {
        throw UsageError{"-o FILE.csv is required", self.synopsis};
    }
    const Catalog catalog = open_layered(options, values);
    const std::string text = catalog.export_csv(
        kind, parsed.has("--all") ? CatalogExportScope::All : CatalogExportScope::User);
    // Written next to the target and renamed over it: never a half-written file.
    const fs::path target = output;
    const fs::path tmp = target.string() + ".tmp-" + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        if (!out) {
            std::error_code ec;
            fs::remove(tmp, ec);
            std::cerr << kProgram << ": cannot write " << target.string() << "\n";
            return kFailure;
        }
    }
    std::error_code ec;
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove(tmp, ec);
        std::cerr << kProgram << ": cannot write " << target.string() << ": " << ec.message()
                  << "\n";
        return kFailure;
    }
    return kOk;
}

}  // namespace

int run_catalog(const std::vector<std::string>& args, const GlobalOptions& options) {
    const Command& self = command_named("catalog");
    const std::string action = args.empty() ? std::string() : args.front();
    try {
        if (action == "list") {
            return run_list(args, options, self);
        }
        if (action == "import") {
            return run_import(args, options, self);
        }
        if (action == "export") {
            return run_export(args, options, self);
        }
    } catch (const CatalogLoadError& e) {
        std::cerr << kProgram << ": " << e.what() << "\n";
        return kFailure;
    }
    throw UsageError{action.empty()
                         ? "catalog needs list, import or export"
                         : "unknown catalog action '" + action + "' (list, import or export)",
                     self.synopsis};
}

}  // namespace raidadv::cli
