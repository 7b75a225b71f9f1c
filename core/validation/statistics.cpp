#include "validation/statistics.h"

#include <algorithm>
#include <cmath>

namespace raidadv::validation {

double error_pct(double measured, double predicted) {
    return measured == 0.0 ? 0.0 : 100.0 * (predicted - measured) / measured;
}

double median(std::vector<double> values) {
    if (values.empty()) {
        return 0.0;
    }
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double kendall_tau(const std::vector<double>& a, const std::vector<double>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    double concordant = 0, discordant = 0, ties_a = 0, ties_b = 0;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            const double da = a[i] - a[j];
            const double db = b[i] - b[j];
            if (da == 0 && db == 0) {
                continue;
            }
            if (da == 0) {
                ties_a++;
            } else if (db == 0) {
                ties_b++;
            } else if ((da > 0) == (db > 0)) {
                concordant++;
            } else {
                discordant++;
            }
        }
    }
    // tau-b = (C - D) / sqrt((C + D + T_a)(C + D + T_b))
    const double denom =
        std::sqrt((concordant + discordant + ties_a) * (concordant + discordant + ties_b));
    return denom == 0.0 ? 0.0 : (concordant - discordant) / denom;
}

double regression_slope(const std::vector<double>& x, const std::vector<double>& y) {
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 2) {
        return 0.0;
    }
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= static_cast<double>(n);
    my /= static_cast<double>(n);
    double sxy = 0, sxx = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
    }
    return sxx == 0.0 ? 0.0 : sxy / sxx;
}

PowerLaw fit_power_law(const std::vector<double>& x, const std::vector<double>& y) {
    std::vector<double> lx, ly;
    for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
        if (x[i] > 0 && y[i] > 0) {
            lx.push_back(std::log(x[i]));
            ly.push_back(std::log(y[i]));
        }
    }
    const double e = regression_slope(lx, ly);
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < lx.size(); ++i) {
        mx += lx[i];
        my += ly[i];
    }
    if (lx.empty()) {
        return {0.0, 0.0};
    }
    mx /= static_cast<double>(lx.size());
    my /= static_cast<double>(lx.size());
    return {std::exp(my - e * mx), e};
}

}  // namespace raidadv::validation
