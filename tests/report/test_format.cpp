// core/format: the one formatting module. Expected texts worked by hand from the rules in
// format.h (three significant digits, thousands separators, no scientific notation).

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>

#include "format/format.h"
#include "units/units.h"

namespace fmt = raidadv::format;
namespace units = raidadv::units;

TEST_CASE("numbers are written out in full, never in scientific notation", "[format]") {
    CHECK(fmt::number(199812.0, 4) == "199,800");  // the report printed "1.998e+05"
    CHECK(fmt::number(199812.0) == "200,000");     // three significant digits
    CHECK(fmt::number(1430.0) == "1,430");         // not "1430.000000"
    CHECK(fmt::number(2.5) == "2.5");
    CHECK(fmt::number(0.0123) == "0.0123");
    CHECK(fmt::number(999.6) == "1,000");  // rounding carries into the next digit
    CHECK(fmt::number(-0.00042) == "-0.00042");
    CHECK(fmt::number(0.0) == "0");
    CHECK(fmt::number(1e20) == "100,000,000,000,000,000,000");
    CHECK(fmt::number(123456.0, 6) == "123,456");
    CHECK(fmt::number(std::nan("")) == "-");
    CHECK(fmt::number(std::numeric_limits<double>::infinity()) == "-");
    for (double v : {1e-9, 3.3e-7, 1.998e5, 2.36e6, 7.5e11, 4e15}) {
        INFO(v);
        CHECK(fmt::number(v).find('e') == std::string::npos);
    }
}

TEST_CASE("fixed, counts and percentages", "[format]") {
    CHECK(fmt::fixed(1234.5, 1) == "1,234.5");
    CHECK(fmt::fixed(-0.01, 1) == "0.0");
    CHECK(fmt::count(1234567.4) == "1,234,567");
    CHECK(fmt::percent(0.8) == "80%");
    CHECK(fmt::percent(0.1234, 1) == "12.3%");
    CHECK(fmt::probability(0.0035) == "0.35%");
    CHECK(fmt::probability(0.123) == "12.3%");
    CHECK(fmt::probability(3e-7) == "under 0.0001%");
    CHECK(fmt::probability(std::nan("")) == "-");
}

TEST_CASE("sizes follow the unit setting, capacities are decimal", "[format]") {
    CHECK(fmt::bytes(4096.0, fmt::SizeSystem::Binary) == "4 KiB");
    CHECK(fmt::bytes(4096.0, fmt::SizeSystem::Decimal) == "4.1 KB");
    CHECK(fmt::bytes(512.0) == "512 B");
    CHECK(fmt::bytes(3.5 * units::TiB, fmt::SizeSystem::Binary) == "3.5 TiB");
    CHECK(fmt::bytes(-1.0) == "-");
    CHECK(fmt::capacity(4e12) == "4 TB");
    CHECK(fmt::capacity(960e9) == "960 GB");
    CHECK(fmt::capacity(1.44e15) == "1.44 PB");  // printf's %.3g gave "1.44e+03 TB"
    CHECK(fmt::stripe_unit(64 * units::KiB) == "64 KiB");
    CHECK(fmt::stripe_unit(512.0) == "0.5 KiB");
    CHECK(fmt::rate(123.4e6) == "123 MB/s");
    CHECK(fmt::rate(100.0 * units::MiB, fmt::SizeSystem::Binary) == "100 MiB/s");
    CHECK(fmt::per_second(199812.0) == "199,800");
    CHECK(fmt::per_second(1.25) == "1.25");
}

TEST_CASE("times have a unit a person reads at a glance", "[format]") {
    CHECK(fmt::duration(0.0025) == "2.5 ms");
    CHECK(fmt::duration(310e-6) == "310 us");
    CHECK(fmt::duration(1.2) == "1.2 s");
    CHECK(fmt::duration(14 * 60.0) == "14 min");
    CHECK(fmt::duration(3.5 * units::hour) == "3.5 h");
    CHECK(fmt::duration(-1.0) == "n/a");
    CHECK(fmt::milliseconds(0.0125) == "12.5");
    CHECK(fmt::long_duration(36 * units::hour) == "36 h");
    CHECK(fmt::long_duration(12 * 24 * units::hour) == "12 days");
    CHECK(fmt::long_duration(4500 * units::year_hours * units::hour) == "4,500 years");
    // The report printed "2.36e+06 years".
    CHECK(fmt::long_duration(2.36e6 * units::year_hours * units::hour) ==
          "more than a million years");
    CHECK(fmt::long_duration(0.0) == "-");
}

TEST_CASE("money is rounded to whole units and prices carry their date", "[format]") {
    CHECK(fmt::money(1234.4) == "$1,234");
    CHECK(fmt::money(1000.0, "EUR", 1.25) == "800 EUR");
    CHECK(fmt::money(-250.0) == "-$250");
    CHECK(fmt::dated_price(129.0, "2021-03") == "$129 (price of 2021-03)");
    CHECK(fmt::dated_price(129.0, "") == "$129 (undated price)");
    CHECK(fmt::dated_price(0.0, "2015-01") == "included");  // on-board ports: a known price of 0
}
