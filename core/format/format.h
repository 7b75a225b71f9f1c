#pragma once
// Numbers for people: the one place that turns SI values (bytes, seconds, bytes per second, US
// dollars) into the text the CLI, the desktop app, the PDF report and the core's explanations
// show. No scientific notation ("199,800", never "1.998e+05"), no trailing zeros ("1,430", never
// "1430.000000"), the unit always named (KB or KiB per the size system, MB/s, ms), money with
// the date of its price. Plain C++ (no Qt) so that core/advisor's explanations use it too.

#include <string>

namespace raidadv::format {

/// Decimal (KB = 10^3 bytes, MB/s = 10^6 bytes per second) or binary (KiB = 2^10 bytes,
/// MiB/s = 2^20 bytes per second), after IEC 80000-13.
enum class SizeSystem { Decimal, Binary };

/// Whether long numbers get thousands separators ("199,800"); None for text other programs read
/// (the CLI's columns, "199800").
enum class Grouping { Thousands, None };

/// `value` rounded to `significant` digits, written out in full (never in scientific notation)
/// without trailing zeros: 199800 -> "199,800", 0.0123 -> "0.0123", 1430 -> "1,430", 2.5 -> "2.5".
/// Not finite: "-".
std::string number(double value, int significant = 3, Grouping grouping = Grouping::Thousands);
/// `value` with exactly `decimals` decimals and thousands separators: 1234.5, 1 -> "1,234.5".
std::string fixed(double value, int decimals);
/// A whole count with thousands separators: 1234567 -> "1,234,567".
std::string count(double value);
/// A fraction as a percentage with `decimals` decimals: 0.8 -> "80%".
std::string percent(double fraction, int decimals = 0);
/// A probability as a percentage a reader can compare: "12%", "0.35%", "0.0012%",
/// "under 0.0001%" below 10^-6. Not finite: "-".
std::string probability(double p);

/// A size with about three significant digits and the largest prefix that keeps it at least 1:
/// 4096 -> "4.1 KB" (decimal) or "4 KiB" (binary). Negative or not finite: "-".
std::string bytes(double bytes, SizeSystem system = SizeSystem::Decimal);
/// A drive or array capacity in decimal units as drives are sold: "4 TB", "960 GB", "1.2 PB".
std::string capacity(double bytes);
/// A stripe unit (chunk, strip) in KiB as every controller and mdadm name it: "64 KiB".
std::string stripe_unit(double bytes);
/// A data rate: "123 MB/s" (decimal) or "117 MiB/s" (binary). Negative or not finite: "-".
std::string rate(double bytes_per_second, SizeSystem system = SizeSystem::Decimal);
/// Operations per second as a whole count: "199,800".
std::string per_second(double operations_per_second);

/// A time with a unit a person reads at a glance: "310 us", "2.5 ms", "1.2 s", "14 min", "3.5 h".
/// Negative or not finite: "n/a".
std::string duration(double seconds);
/// A time in milliseconds without the unit (for columns titled "(ms)"): 0.0125 -> "12.5".
std::string milliseconds(double seconds);
/// Hours, days or years for long spans (MTTDL, rebuilds): "36 h", "12 days", "4,500 years",
/// "more than a million years". Not finite or not positive: "-".
std::string long_duration(double seconds);

/// Money: "$1,234" for US dollars, "1,234 EUR" otherwise; `usd` is converted at
/// `usd_per_unit` US dollars per unit of `currency` (1 for USD).
std::string money(double usd, const std::string& currency = "USD", double usd_per_unit = 1.0);
/// A price with its date: "$129 (price of 2021-03)"; without a date "$129 (undated price)";
/// a known price of 0 (on-board ports, free software): "included". `price_date` is "YYYY-MM"
/// or "YYYY" as the catalog writes it.
std::string dated_price(double usd, const std::string& price_date,
                        const std::string& currency = "USD", double usd_per_unit = 1.0);

}  // namespace raidadv::format
