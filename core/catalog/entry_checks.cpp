// Checks of one catalog entry beyond its own fields (see entry_checks.h).

#include "catalog/entry_checks.h"

#include "catalog/parse_rows.h"

namespace raidadv::catalog_detail {

void LinkIds::add(const std::string& id) {
    if (!id.empty() && ids.insert(id).second) {
        list += (list.empty() ? "" : ", ") + id;
    }
}

std::string where(std::string_view file, int line, std::string_view column) {
    return std::string(file) + ":" + std::to_string(line) + " column " + std::string(column);
}

namespace {

/// Every id of a comma list (`drive_interfaces`) must name a link.
void check_link_list(std::string_view file, int line, const std::string& list, const LinkIds& links,
                     std::vector<CatalogError>& errors) {
    std::size_t start = 0;
    while (!list.empty() && start <= list.size()) {
        std::size_t end = list.find(',', start);
        if (end == std::string::npos) {
            end = list.size();
        }
        const std::string id = list.substr(start, end - start);
        if (links.ids.count(id) == 0) {
            errors.push_back(CatalogError{where(file, line, "drive_interfaces"),
                                          "must list ids of links in " + links.source + " (" +
                                              links.list + "), got '" + id + "'"});
        }
        start = end + 1;
    }
}

template <class E>
void check_price(std::string_view file, const E& e, std::vector<CatalogError>& errors) {
    if (e.spec.info.price_usd > 0.0 && e.spec.info.price_date.empty()) {
        errors.push_back(CatalogError{where(file, e.line, "price_date"),
                                      "is required when price_usd is given (prices change "
                                      "quickly; say when it was paid)"});
    }
}

}  // namespace

void check_entry(std::string_view file, const DriveEntry& e, const LinkIds& links,
                 std::vector<CatalogError>& errors) {
    const DriveSpec& d = e.spec;
    if (!d.interface.empty() && links.ids.count(d.interface) == 0) {
        errors.push_back(CatalogError{where(file, e.line, "interface"),
                                      "must be the id of a link in " + links.source + " (" +
                                          links.list + "), got '" + d.interface + "'"});
    }
    if (e.valid && d.kind == DriveKind::Ssd && !(d.warranty_years > 0.0)) {
        // The endurance rating (endurance_tbw) is over the warranty: without it TBW means little.
        errors.push_back(CatalogError{where(file, e.line, "warranty_years"),
                                      "is required for kind ssd (the years endurance_tbw "
                                      "covers), a number above 0"});
    }
    if (e.valid && d.kind == DriveKind::Ssd && d.ssd.sustained_write_Bps > d.ssd.seq_write_Bps) {
        errors.push_back(CatalogError{where(file, e.line, "sustained_write_mb_s"),
                                      "must not exceed seq_write_mb_s (it is the rate after the "
                                      "SLC write cache; leave it empty where there is none)"});
    }
    if (e.valid && d.kind == DriveKind::Hdd) {
        // Only for rows whose values all passed: otherwise these would repeat earlier messages.
        const HddSpec& h = d.hdd;
        if (h.seek_track_to_track_s > h.seek_average_s || h.seek_average_s > h.seek_full_stroke_s) {
            errors.push_back(CatalogError{
                where(file, e.line, "seek_avg_ms"),
                "seeks must satisfy seek_track_ms <= seek_avg_ms <= seek_full_ms, got " +
                    format_number(h.seek_track_to_track_s * 1e3) + " / " +
                    format_number(h.seek_average_s * 1e3) + " / " +
                    format_number(h.seek_full_stroke_s * 1e3)});
        }
        if (h.media_rate_inner_Bps > h.media_rate_outer_Bps) {
            errors.push_back(CatalogError{where(file, e.line, "media_rate_inner_mb_s"),
                                          "must not exceed media_rate_outer_mb_s (outer tracks "
                                          "are the fastest)"});
        }
    }
    check_price(file, e, errors);
}

/// The controller's drive_interfaces and host_link must name links.
void check_entry(std::string_view file, const ControllerEntry& e, const LinkIds& links,
                 std::vector<CatalogError>& errors) {
    const ControllerSpec& c = e.spec;
    if (c.min_stripe_bytes > 0.0 && c.max_stripe_bytes > 0.0 &&
        c.min_stripe_bytes > c.max_stripe_bytes) {
        errors.push_back(CatalogError{where(file, e.line, "min_stripe_kib"),
                                      "must not be larger than max_stripe_kib"});
    }
    check_link_list(file, e.line, c.drive_interfaces, links, errors);
    if (c.external_ports > c.ports) {
        errors.push_back(CatalogError{
            where(file, e.line, "external_ports"),
            "must not exceed ports (" + std::to_string(c.ports) + "): they are some of its ports"});
    }
    if (!c.host_link.empty() && links.ids.count(c.host_link) == 0) {
        errors.push_back(CatalogError{where(file, e.line, "host_link"),
                                      "must be the id of a link in " + links.source + " (" +
                                          links.list + "), got '" + c.host_link + "'"});
    }
    check_price(file, e, errors);
}

void check_entry(std::string_view file, const LinkEntry& e, const LinkIds&,
                 std::vector<CatalogError>& errors) {
    check_price(file, e, errors);
}

/// The host's M.2 socket and slot wiring must name links.
void check_entry(std::string_view file, const HostEntry& e, const LinkIds& links,
                 std::vector<CatalogError>& errors) {
    const HostSpec& h = e.spec;
    for (const auto& [column, id] :
         {std::pair<std::string_view, const std::string&>{"m2_link", h.m2_link},
          {"pcie_slot_link", h.pcie_slot_link}}) {
        if (!id.empty() && links.ids.count(id) == 0) {
            errors.push_back(CatalogError{where(file, e.line, column),
                                          "must be the id of a link in " + links.source + " (" +
                                              links.list + "), got '" + id + "'"});
        }
    }
    check_price(file, e, errors);
}

/// The enclosure's uplink and drive lanes must name links; a JBOD brings bays.
void check_entry(std::string_view file, const EnclosureEntry& e, const LinkIds& links,
                 std::vector<CatalogError>& errors) {
    const EnclosureSpec& s = e.spec;
    if (!s.uplink_link.empty() && links.ids.count(s.uplink_link) == 0) {
        errors.push_back(CatalogError{where(file, e.line, "uplink_link"),
                                      "must be the id of a link in " + links.source + " (" +
                                          links.list + "), got '" + s.uplink_link + "'"});
    }
    check_link_list(file, e.line, s.drive_interfaces, links, errors);
    if (e.valid && s.kind == EnclosureKind::Jbod && (s.bays < 1 || s.form_factor.empty())) {
        errors.push_back(CatalogError{where(file, e.line, "bays"),
                                      "a jbod needs bays (1 or more) and a form_factor"});
    }
    if (e.valid && s.kind == EnclosureKind::Bracket && (s.bays > 0 || s.uplink_lanes < 1)) {
        errors.push_back(CatalogError{where(file, e.line, "uplink_lanes"),
                                      "a bracket passes lanes out (uplink_lanes 1 or more) and "
                                      "has no bays"});
    }
    check_price(file, e, errors);
}

}  // namespace raidadv::catalog_detail
