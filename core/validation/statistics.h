#pragma once
// Error statistics for validation against measurements.

#include <vector>

namespace raidadv::validation {

/// Signed relative error in percent: 100 (predicted - measured) / measured.
double error_pct(double measured, double predicted);
/// Median of the values (0 for none).
double median(std::vector<double> values);
/// Kendall's tau-b rank correlation between two equally long series (Kendall 1945, ties
/// adjusted); 0 when fewer than two pairs or all tied.
double kendall_tau(const std::vector<double>& a, const std::vector<double>& b);
/// Least-squares slope of y on x.
double regression_slope(const std::vector<double>& x, const std::vector<double>& y);
/// Least-squares fit y = c * x^e on log-log axes (x, y > 0): returns {c, e}.
struct PowerLaw {
    double coefficient;
    double exponent;
};
PowerLaw fit_power_law(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace raidadv::validation
