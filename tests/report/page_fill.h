#pragma once
// How full a report's pages are printed (pdftoppm, poppler-utils): shared by the pagination test
// (test_report.cpp) and the content test (test_report_content.cpp), which checks the VM
// datastore's PDF for both so that its search runs once.

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "shell_run.h"

namespace raidadv::test {

/// How far down its body (between the 22 mm header and footer bands) each page of `pdf` is
/// printed: the lowest row with ink, as a share of the body height. pdftoppm -gray at 20 dpi.
inline std::vector<double> page_fill(const std::filesystem::path& pdf) {
    namespace fs = std::filesystem;
    const fs::path stem = scratch_dir() / ("pages-" + pdf.stem().string());
    const ShellRun run = run_shell(
        "pdftoppm -r 20 -gray " + shell_quoted(pdf.string()) + " " + shell_quoted(stem.string()),
        scratch_dir() / "pdftoppm-stderr.txt");
    REQUIRE(run.status == 0);
    std::vector<fs::path> pages;
    for (const auto& e : fs::directory_iterator(scratch_dir())) {
        const std::string name = e.path().filename().string();
        if (name.rfind(stem.filename().string() + "-", 0) == 0 && e.path().extension() == ".pgm") {
            pages.push_back(e.path());
        }
    }
    std::sort(pages.begin(), pages.end());
    std::vector<double> fill;
    for (const fs::path& page : pages) {
        std::ifstream in(page, std::ios::binary);
        std::string magic;
        int w = 0, h = 0, maxval = 0;
        in >> magic >> w >> h >> maxval;
        in.get();
        std::vector<unsigned char> px(static_cast<std::size_t>(w) * h);
        in.read(reinterpret_cast<char*>(px.data()), static_cast<std::streamsize>(px.size()));
        const double per_mm =
            h / (w > h ? 215.9 : (static_cast<double>(h) / w > 1.35 ? 297.0 : 279.4));
        const int top = static_cast<int>(22 * per_mm), bottom = static_cast<int>(h - 22 * per_mm);
        int last = top;
        for (int y = top; y < bottom; ++y) {
            const auto row = px.begin() + static_cast<std::ptrdiff_t>(y) * w;
            if (*std::min_element(row, row + w) < 200) {
                last = y;
            }
        }
        fill.push_back(static_cast<double>(last - top) / (bottom - top));
        fs::remove(page);
    }
    return fill;
}

/// Checks that no page of `pdf` (its text `page_texts`, one per page) is left printed to less
/// than 55% of its body but the last and one before a section that always starts a page ("1.
/// Inputs", the validation appendix). A table that would fit on the next page is moved there
/// only when its own page is at least 60% full; lower down it is split, its header row repeated
/// (report_pagination.cpp).
inline void check_pages_filled(const std::filesystem::path& pdf,
                               const std::vector<std::string>& page_texts,
                               const std::string& label) {
    const std::vector<double> fill = page_fill(pdf);
    REQUIRE(fill.size() >= 5);
    REQUIRE(page_texts.size() >= fill.size());
    for (std::size_t p = 0; p + 1 < fill.size(); ++p) {
        const std::string& next = page_texts.at(p + 1);
        if (next.find("1. Inputs") != std::string::npos ||
            next.find("Appendix: validation") != std::string::npos) {
            continue;
        }
        INFO(label << " page " << p + 1 << " is printed to " << fill[p] * 100 << "% of its body");
        CHECK(fill[p] >= 0.55);
    }
}

}  // namespace raidadv::test
