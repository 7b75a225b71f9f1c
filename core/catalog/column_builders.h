#pragma once
// Helpers that build Column descriptions tersely (used by the columns_*.cpp tables only).

#include <string>
#include <string_view>

#include "catalog/columns.h"

namespace raidadv::catalog_detail {

/// Options that most columns leave at their defaults.
struct ColumnOptions {
    Need need = Need::Required;
    std::string_view only;  ///< "hdd" / "ssd" for kind-specific drive columns
};

inline constexpr ColumnOptions kOptional{Need::Optional, {}};
inline constexpr ColumnOptions kHdd{Need::Required, "hdd"};
inline constexpr ColumnOptions kHddOptional{Need::Optional, "hdd"};
inline constexpr ColumnOptions kSsd{Need::Required, "ssd"};
inline constexpr ColumnOptions kSsdOptional{Need::Optional, "ssd"};

template <class E>
Column<E> base_column(std::string_view csv, std::string_view db, ColumnType type,
                      ColumnOptions options) {
    Column<E> c;
    c.csv = csv;
    c.db = db;
    c.type = type;
    c.need = options.need;
    c.only = options.only;
    return c;
}

/// A number: CSV value in [min, max] (CSV units), stored as value * scale (SI).
template <class E>
Column<E> real_column(std::string_view csv, std::string_view db, double scale, double min,
                      double max, double& (*field)(E&), ColumnOptions options = {}) {
    Column<E> c = base_column<E>(csv, db, ColumnType::Real, options);
    c.scale = scale;
    c.min = min;
    c.max = max;
    c.real = field;
    return c;
}

/// A whole number in [min, max].
template <class E>
Column<E> int_column(std::string_view csv, std::string_view db, int min, int max, int& (*field)(E&),
                     ColumnOptions options = {}) {
    Column<E> c = base_column<E>(csv, db, ColumnType::Integer, options);
    c.min = min;
    c.max = max;
    c.integer = field;
    return c;
}

/// yes / no.
template <class E>
Column<E> bool_column(std::string_view csv, std::string_view db, bool& (*field)(E&),
                      ColumnOptions options = {}) {
    Column<E> c = base_column<E>(csv, db, ColumnType::Boolean, options);
    c.boolean = field;
    return c;
}

/// Free text, optionally checked.
template <class E>
Column<E> text_column(std::string_view csv, std::string_view db, std::string& (*field)(E&),
                      std::string (*check)(std::string&) = nullptr, ColumnOptions options = {}) {
    Column<E> c = base_column<E>(csv, db, ColumnType::Text, options);
    c.text = field;
    c.check = check;
    return c;
}

/// An enum stored by name.
template <class E>
Column<E> name_column(std::string_view csv, std::string_view db,
                      std::string (*set)(E&, std::string_view), std::string (*get)(const E&),
                      ColumnOptions options = {}) {
    Column<E> c = base_column<E>(csv, db, ColumnType::Text, options);
    c.set_name = set;
    c.get_name = get;
    return c;
}

}  // namespace raidadv::catalog_detail
