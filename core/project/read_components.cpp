// Components of a system: a catalog id ("seagate-st3500641as"), an inline object with the
// catalog's columns as keys, or {"base": "<id>", <column>: <value>, ...} to change a few fields.
// Key names, units, ranges and required-ness are the catalog's own column descriptions
// (core/catalog/columns_*.cpp, resources/catalog/README.md), so both formats always agree.

#include <algorithm>
#include <limits>

#include "catalog/columns.h"
#include "project/keys.h"
#include "project/sections.h"

namespace raidadv::project_detail {
namespace {

namespace cd = catalog_detail;
namespace k = project_keys::component;

/// Text columns an inline object must have without "base" (the other text columns describe the
/// part but do not feed the model, so they are optional inline).
bool text_required_inline(std::string_view column) {
    return column == k::name || column == k::source;
}

/// Columns that describe a part rather than give its figures.
bool is_info_column(std::string_view column) {
    for (const char* c :
         {k::name, k::vendor, k::year, k::price_usd, k::price_date, k::source, k::notes}) {
        if (column == c) {
            return true;
        }
    }
    return false;
}

/// Which kind of component `id` is in the catalog ("drive", ...), or "".
std::string kind_in_catalog(const Catalog& catalog, const std::string& id) {
    if (catalog.drive(id)) {
        return "drive";
    }
    if (catalog.controller(id)) {
        return "controller";
    }
    if (catalog.link(id)) {
        return "link";
    }
    if (catalog.host(id)) {
        return "host";
    }
    return "";
}

template <class Spec>
std::vector<Spec> all_of(const Catalog& catalog) {
    if constexpr (std::is_same_v<Spec, DriveSpec>) {
        return catalog.drives();
    } else if constexpr (std::is_same_v<Spec, ControllerSpec>) {
        return catalog.controllers();
    } else if constexpr (std::is_same_v<Spec, LinkSpec>) {
        return catalog.links();
    } else {
        return catalog.hosts();
    }
}

template <class Spec>
std::optional<Spec> find_in(const Catalog& catalog, const std::string& id) {
    if constexpr (std::is_same_v<Spec, DriveSpec>) {
        return catalog.drive(id);
    } else if constexpr (std::is_same_v<Spec, ControllerSpec>) {
        return catalog.controller(id);
    } else if constexpr (std::is_same_v<Spec, LinkSpec>) {
        return catalog.link(id);
    } else {
        return catalog.host(id);
    }
}

/// Resolves a catalog id of the wanted kind, reporting unknown ids with a hint.
template <class Spec>
std::optional<Spec> lookup(const Catalog& catalog, const json& value, const std::string& path,
                           const char* what, Issues& issues) {
    if (!value.is_string() || value.get_ref<const std::string&>().empty() ||
        value.get_ref<const std::string&>().size() > kMaxIdLength) {
        issues.add(path,
                   std::string("must be a catalog id of a ") + what + ", got " + describe(value));
        return std::nullopt;
    }
    const std::string id = value.get<std::string>();
    if (auto spec = find_in<Spec>(catalog, id)) {
        return spec;
    }
    std::string message = "unknown catalog id '" + id + "'";
    const std::string other = kind_in_catalog(catalog, id);
    if (!other.empty()) {
        message += ": the catalog has it as a " + other + ", not a " + what;
    } else {
        std::string best;
        std::size_t best_distance = std::max<std::size_t>(3, id.size() / 4);
        for (const Spec& s : all_of<Spec>(catalog)) {
            const std::size_t d = edit_distance(id, s.info.id);
            if (d < best_distance) {
                best_distance = d;
                best = s.info.id;
            }
        }
        message += best.empty() ? std::string(" (no ") + what + " has this id)"
                                : " (did you mean '" + best + "'?)";
    }
    issues.add(path, message);
    return std::nullopt;
}

/// One column's value from the JSON object into the entry.
template <class E>
bool read_column(ObjectReader& r, const cd::Column<E>& col, E& entry) {
    const std::string key(col.csv);
    const json& v = *r.find(key);
    const std::string path = r.key_path(key);
    switch (col.type) {
        case cd::ColumnType::Real:
            return r.number(key, {col.min, col.max}, col.real(entry), col.scale);
        case cd::ColumnType::Integer: {
            const auto n = read_integer(v, path, static_cast<long long>(col.min),
                                        static_cast<long long>(col.max), r.issues());
            if (n) {
                col.integer(entry) = static_cast<int>(*n);
            }
            return n.has_value();
        }
        case cd::ColumnType::Boolean:
            return r.boolean(key, col.boolean(entry));
        case cd::ColumnType::Text: {
            std::string text;
            if (!r.text(key, text, kMaxDescriptionLength)) {
                return false;
            }
            std::string why;
            if (col.set_name != nullptr) {
                why = col.set_name(entry, text);
            } else if (col.check != nullptr) {
                why = col.check(text);
            }
            if (!why.empty()) {
                r.problem(key, why + "; got " + describe(v));
                return false;
            }
            if (col.text != nullptr) {
                col.text(entry) = text;
            }
            return true;
        }
    }
    return false;
}

void check_drive(ObjectReader& r, const DriveSpec& d, const Catalog& catalog) {
    if (r.has(k::interface) && !catalog.link(d.interface)) {
        r.problem(k::interface,
                  "must be the id of a link in the catalog (e.g. \"sata-6g\"), got '" +
                      d.interface + "'");
    }
    if (d.kind != DriveKind::Hdd) {
        return;
    }
    const HddSpec& h = d.hdd;
    if (h.seek_track_to_track_s > h.seek_average_s || h.seek_average_s > h.seek_full_stroke_s) {
        r.problem(k::seek_avg_ms,
                  "seeks must satisfy seek_track_ms <= seek_avg_ms <= "
                  "seek_full_ms, got " +
                      format_number(h.seek_track_to_track_s * 1e3) + " / " +
                      format_number(h.seek_average_s * 1e3) + " / " +
                      format_number(h.seek_full_stroke_s * 1e3));
    }
    if (h.media_rate_inner_Bps > h.media_rate_outer_Bps) {
        r.problem(k::media_rate_inner_mb_s,
                  "must not exceed media_rate_outer_mb_s (outer tracks are the fastest), got " +
                      format_number(h.media_rate_inner_Bps / 1e6) + " > " +
                      format_number(h.media_rate_outer_Bps / 1e6));
    }
}

void check_controller(ObjectReader& r, const ControllerSpec& c) {
    if (c.min_stripe_bytes > 0.0 && c.max_stripe_bytes > 0.0 &&
        c.min_stripe_bytes > c.max_stripe_bytes) {
        r.problem(k::min_stripe_kib, "must not be larger than max_stripe_kib, got " +
                                         format_number(c.min_stripe_bytes / 1024.0) + " > " +
                                         format_number(c.max_stripe_bytes / 1024.0));
    }
}

/// Keys an inline object may have: "base" and every column but the id.
template <class E>
std::vector<std::string> inline_keys(const std::vector<cd::Column<E>>& columns) {
    std::vector<std::string> keys = {k::base};
    for (const auto& col : columns) {
        if (col.csv != k::id) {
            keys.emplace_back(col.csv);
        }
    }
    return keys;
}

/// An inline entry as read from its columns, and the keys that set its fields.
template <class E>
struct InlineColumns {
    E entry;
    std::vector<std::string> changed;  ///< keys read into the entry, in column order
};

/// Reads the columns present over `original` (the base's entry, or an empty one without a base).
/// Reports the required columns missing when there is no base, columns that do not apply to the
/// entry's kind, and an attempt to change the kind of the base.
template <class E>
InlineColumns<E> read_inline_columns(ObjectReader& r, const E& original, bool has_base,
                                     const char* what, const std::vector<cd::Column<E>>& columns) {
    InlineColumns<E> out{original, {}};
    E& entry = out.entry;
    bool kind_known = true;
    for (const auto& col : columns) {
        const std::string key(col.csv);
        if (key == k::id) {
            continue;
        }
        if (!col.only.empty() && !kind_known) {
            continue;
        }
        const std::string variant(cd::variant_of(entry));
        const bool present = r.has(key);
        if (!cd::applies(col, variant)) {
            if (present) {
                r.problem(key, "applies to kind " + std::string(col.only) + " only; this " + what +
                                   " is kind " + variant);
            }
            continue;
        }
        if (!present) {
            const bool required = col.need == cd::Need::Required &&
                                  (col.type != cd::ColumnType::Text || col.set_name != nullptr ||
                                   text_required_inline(col.csv));
            if (!has_base && required) {
                r.missing(key, col.only.empty()
                                   ? "an inline " + std::string(what) + " without 'base' needs it"
                                   : "required for kind " + std::string(col.only));
            }
            if (col.set_name != nullptr && !has_base) {
                kind_known = false;
            }
            continue;
        }
        if (col.set_name != nullptr && has_base) {
            E probe = entry;
            if (read_column(r, col, probe) && col.get_name(probe) != col.get_name(entry)) {
                r.problem(key, "cannot change the kind of base '" + original.spec.info.id + "' (" +
                                   col.get_name(entry) + "); describe the " + what +
                                   " inline without 'base'");
            }
            continue;
        }
        if (!read_column(r, col, entry)) {
            if (col.set_name != nullptr) {
                kind_known = false;
            }
            continue;
        }
        out.changed.push_back(key);
    }
    return out;
}

/// The description of an inline entry, which is not the catalog's entry: without a base it has
/// no id; with a base and `changed` keys it loses the base's id, gets " (modified)" after the
/// name unless renamed, and a source naming the changed figures unless one is given.
CatalogInfo inline_info(CatalogInfo info, const CatalogInfo& base, const ObjectReader& r,
                        bool has_base, const std::vector<std::string>& changed) {
    if (!has_base) {
        info.id.clear();
        return info;
    }
    if (changed.empty()) {
        return info;
    }
    info.id.clear();
    const bool named = r.has(k::name);
    if (!named) {
        info.name += " (modified)";
    }
    std::string list;  // the figures that changed (not the name, price or notes)
    for (const auto& key : changed) {
        if (!is_info_column(key)) {
            list += (list.empty() ? "" : ", ") + key;
        }
    }
    if (!r.has(k::source) && !list.empty()) {
        info.source = base.source + "; changed in the project file: " + list;
    }
    return info;
}

/// Checks across the columns of an inline entry: a price needs its date; the drive's and the
/// controller's own checks.
template <class Spec>
void check_inline(ObjectReader& r, const Spec& spec, const Catalog& catalog) {
    if (spec.info.price_usd > 0.0 && spec.info.price_date.empty()) {
        r.problem(k::price_usd,
                  "needs price_date too (prices change quickly; say when, e.g. "
                  "\"2007-03\")");
    }
    if constexpr (std::is_same_v<Spec, DriveSpec>) {
        check_drive(r, spec, catalog);
    }
    if constexpr (std::is_same_v<Spec, ControllerSpec>) {
        check_controller(r, spec);
    }
}

template <class E, class Spec>
std::optional<Spec> read_inline(const json& value, const std::string& path, const Catalog& catalog,
                                const char* what, const std::vector<cd::Column<E>>& columns,
                                Issues& issues) {
    ObjectReader r(value, path, issues, inline_keys(columns),
                   std::string("a catalog id (a string) or an inline ") + what + " object");
    if (!r.valid()) {
        return std::nullopt;
    }
    const std::size_t issues_before = issues.count();
    E original{};
    const bool has_base = r.has(k::base);
    if (has_base) {
        auto base = lookup<Spec>(catalog, *r.find(k::base), r.key_path(k::base), what, issues);
        if (!base) {
            return std::nullopt;  // overrides cannot be judged without the base
        }
        original.spec = std::move(*base);
    }
    InlineColumns<E> read = read_inline_columns(r, original, has_base, what, columns);
    if (issues.count() != issues_before) {
        return std::nullopt;
    }
    auto& spec = read.entry.spec;
    spec.info = inline_info(std::move(spec.info), original.spec.info, r, has_base, read.changed);
    check_inline(r, spec, catalog);
    if (issues.count() != issues_before) {
        return std::nullopt;
    }
    return spec;
}

template <class E, class Spec>
std::optional<Spec> read_component(const json& value, const std::string& path,
                                   const Catalog& catalog, const char* what,
                                   const std::vector<cd::Column<E>>& columns, Issues& issues) {
    if (value.is_string()) {
        return lookup<Spec>(catalog, value, path, what, issues);
    }
    if (value.is_object()) {
        return read_inline<E, Spec>(value, path, catalog, what, columns, issues);
    }
    issues.add(path, std::string("must be a catalog id (a string) or an inline ") + what +
                         " object, got " + describe(value));
    return std::nullopt;
}

}  // namespace

std::optional<DriveSpec> read_drive(const json& value, const std::string& path,
                                    const Catalog& catalog, Issues& issues) {
    return read_component<cd::DriveEntry, DriveSpec>(value, path, catalog, "drive",
                                                     cd::drive_columns(), issues);
}

std::optional<ControllerSpec> read_controller(const json& value, const std::string& path,
                                              const Catalog& catalog, Issues& issues) {
    return read_component<cd::ControllerEntry, ControllerSpec>(value, path, catalog, "controller",
                                                               cd::controller_columns(), issues);
}

std::optional<LinkSpec> read_link(const json& value, const std::string& path,
                                  const Catalog& catalog, Issues& issues) {
    return read_component<cd::LinkEntry, LinkSpec>(value, path, catalog, "link", cd::link_columns(),
                                                   issues);
}

std::optional<HostSpec> read_host(const json& value, const std::string& path,
                                  const Catalog& catalog, Issues& issues) {
    return read_component<cd::HostEntry, HostSpec>(value, path, catalog, "host", cd::host_columns(),
                                                   issues);
}

}  // namespace raidadv::project_detail
