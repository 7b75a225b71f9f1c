// The writer's half for catalog parts (writer.h): the id of an unchanged catalog part, or an
// inline object with the catalog's own columns (core/catalog/columns_*.cpp), the same table the
// reader (read_components.cpp) takes them from, so both always agree on names, units and ranges.

#include <string>

#include "catalog/columns.h"
#include "project/keys.h"
#include "project/sections.h"
#include "project/writer.h"

namespace raidadv::project_json {

namespace cd = catalog_detail;

namespace {

template <class E>
ProjectJson inline_object(const E& entry, const std::vector<cd::Column<E>>& columns) {
    ProjectJson out = ProjectJson::object();
    E copy = entry;  // the column accessors take a mutable entry
    E defaults{};
    const std::string variant(cd::variant_of(copy));
    for (const auto& col : columns) {
        const std::string key(col.csv);
        if (key == project_keys::component::id || !cd::applies(col, variant)) {
            continue;
        }
        const bool optional = col.need == cd::Need::Optional;
        switch (col.type) {
            case cd::ColumnType::Real: {
                const double value = col.real(copy);
                if (!(optional && value == col.real(defaults))) {
                    out[key] = file_number(value, col.scale);
                }
                break;
            }
            case cd::ColumnType::Integer:
                if (!(optional && col.integer(copy) == col.integer(defaults))) {
                    out[key] = col.integer(copy);
                }
                break;
            case cd::ColumnType::Boolean:
                if (!(optional && col.boolean(copy) == col.boolean(defaults))) {
                    out[key] = col.boolean(copy);
                }
                break;
            case cd::ColumnType::Text: {
                std::string text;
                if (col.get_name != nullptr) {
                    text = col.get_name(copy);
                } else if (col.text != nullptr) {
                    text = col.text(copy);
                }
                if (!text.empty()) {
                    out[key] = text;
                }
                break;
            }
        }
    }
    return out;
}

template <class Spec>
ProjectJson component(const Spec& spec, const std::vector<cd::Column<cd::Entry<Spec>>>& columns) {
    if (!spec.info.id.empty()) {
        return spec.info.id;
    }
    cd::Entry<Spec> entry;
    entry.spec = spec;
    return inline_object(entry, columns);
}

}  // namespace

ProjectJson to_json(const DriveSpec& drive) {
    return component(drive, cd::drive_columns());
}

ProjectJson to_json(const ControllerSpec& controller) {
    return component(controller, cd::controller_columns());
}

ProjectJson to_json(const LinkSpec& link) {
    return component(link, cd::link_columns());
}

ProjectJson to_json(const HostSpec& host) {
    return component(host, cd::host_columns());
}

}  // namespace raidadv::project_json
