// Page breaks a QTextDocument does not make by itself: a heading is kept with what follows it,
// a table that fits on a page is never split, and a longer one starts with at least two body
// rows (its header row repeats on the continuation pages); a short paragraph is not split with
// one line alone on either page (widow and orphan control), and a page is not left with only
// a line or two before a section that starts a new page (or the end): the group those lines end
// moves to it whole. Works on the laid-out document: finds the first bad break, adds a page break
// before it, lays out again.

#include <QAbstractTextDocumentLayout>
#include <QFontMetricsF>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>
#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "report_sections.h"

namespace raidadv::report::detail {

namespace {

/// A table no taller than this fraction of a page is moved whole rather than split.
constexpr double kFitsFraction = 0.9;
/// A table starting higher than this fraction of its page is split rather than moved whole: moving
/// it would leave 40% of the page or more empty (its header row repeats on the next page).
constexpr double kMinMoveOffset = 0.6;
/// Body rows a split table keeps on its first page, at least (else it moves down whole).
constexpr int kMinRowsPerPage = 2;
/// Lines of a split paragraph on each of its pages, at least (else it moves down whole).
constexpr int kMinLinesPerPage = 2;
/// A paragraph taller than this fraction of a page is split where the layout splits it: moving
/// it whole to keep two lines together would leave too much of the page empty.
constexpr double kMaxMovedParagraph = 0.25;
/// Lines of the default font a page must hold, at least, when the next page starts a section
/// (or the document ends there); fewer and the group they end moves to that page whole. Four:
/// a tail of three list items measured 4.5% of an A4 body (derived: under the 5% the report
/// tests ask of every page).
constexpr double kMinTailLines = 4.0;

class Paginator {
  public:
    explicit Paginator(QTextDocument& doc)
        : doc_(doc), layout_(*doc.documentLayout()), pageHeight_(doc.pageSize().height()) {}

    /// Fixes one bad break; false when there is none left (or none that can be fixed).
    bool fixOne() {
        doc_.pageCount();  // lays the document out to its end
        for (QTextFrame::iterator it = doc_.rootFrame()->begin(); !it.atEnd(); ++it) {
            if (QTextTable* table = qobject_cast<QTextTable*>(it.currentFrame())) {
                if (fixTable(*table)) {
                    return true;
                }
            } else if (it.currentBlock().isValid() &&
                       (fixHeading(it) || fixSplitParagraph(it.currentBlock()))) {
                return true;
            }
        }
        return fixShortTails() || fixEmptyPage();
    }

  private:
    int page(double y) const { return static_cast<int>(std::floor(y / pageHeight_)); }

    double top(const QTextBlock& block) const { return layout_.blockBoundingRect(block).top(); }

    /// Where the first line of `block` is drawn: the layout moves a line that would cross the
    /// foot of a page down to the next one, so a block can start on one page (its top margin)
    /// and show its first line on the next.
    double firstLineTop(const QTextBlock& block) const {
        const QTextLayout* lines = block.layout();
        if (lines == nullptr || lines->lineCount() == 0) {
            return top(block);
        }
        return lines->position().y() + lines->lineAt(0).y();
    }

    /// Where row `row` of `table` starts (its first cell's first block).
    double rowTop(QTextTable& table, int row) const {
        return top(table.cellAt(row, 0).firstCursorPosition().block());
    }

    /// Where row `row` of `table` ends (the lowest last block of its cells).
    double rowBottom(QTextTable& table, int row) const {
        double bottom = rowTop(table, row);
        for (int c = 0; c < table.columns(); ++c) {
            const QTextBlock last = table.cellAt(row, c).lastCursorPosition().block();
            bottom = std::max(bottom, layout_.blockBoundingRect(last).bottom());
        }
        return bottom;
    }

    static bool breaksBefore(const QTextBlock& block) {
        return (block.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) != 0;
    }

    /// The first block of the run of blocks kept with what follows that ends at `block` (a
    /// heading and the numbered steps under it move to a new page together).
    static QTextBlock runStart(const QTextBlock& block) {
        QTextBlock first = block;
        while (!breaksBefore(first) && first.previous().isValid() &&
               first.previous().blockFormat().boolProperty(kKeepWithNext)) {
            first = first.previous();
        }
        return first;
    }

    /// Adds a page break before `block`; false if it already has one (nothing would change).
    bool breakBefore(const QTextBlock& block) {
        if (breaksBefore(block) || !fixed_.insert(block.position()).second) {
            return false;
        }
        QTextBlockFormat format;
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(block).mergeBlockFormat(format);
        return true;
    }

    /// The block that should start the page when `table` moves: the heading before it (over
    /// empty blocks), else the block just before it (an introduction, or an empty spacer).
    QTextBlock leaderOf(const QTextTable& table) const {
        QTextBlock before = doc_.findBlock(table.firstPosition() - 1);
        for (QTextBlock b = before; b.isValid(); b = b.previous()) {
            if (b.blockFormat().boolProperty(kKeepWithNext)) {
                return runStart(b);
            }
            if (!b.text().trimmed().isEmpty() || breaksBefore(b)) {
                break;
            }
        }
        return before;
    }

    bool moveTable(const QTextTable& table) {
        const QTextBlock leader = leaderOf(table);
        return leader.isValid() && breakBefore(leader);
    }

    bool fixTable(QTextTable& table) {
        const int header = table.format().headerRowCount();
        const int rows = table.rows();
        if (rows - header <= 0) {
            return false;
        }
        const int first = page(rowTop(table, header));
        const int last = page(rowBottom(table, rows - 1) - 1.0);
        if (first == last) {
            return false;
        }
        // Moving down gains little room for a table that starts near the top of its page.
        const QRectF frame = layout_.frameBoundingRect(&table);
        if (frame.top() - page(frame.top()) * pageHeight_ < kMinMoveOffset * pageHeight_) {
            return false;
        }
        if (frame.height() <= kFitsFraction * pageHeight_) {
            return moveTable(table);  // fits on one page: never split
        }
        int onFirst = 0;
        for (int r = header; r < rows; ++r) {
            onFirst += page(rowTop(table, r)) == first ? 1 : 0;
        }
        return onFirst < kMinRowsPerPage && moveTable(table);
    }

    /// A heading at the foot of a page whose next block or table starts on the next one.
    bool fixHeading(const QTextFrame::iterator& it) {
        const QTextBlock heading = it.currentBlock();
        if (!heading.blockFormat().boolProperty(kKeepWithNext)) {
            return false;
        }
        QTextFrame::iterator next = it;
        ++next;
        // Skip empty spacer blocks between the heading and what it heads.
        while (!next.atEnd() && next.currentBlock().isValid() &&
               next.currentBlock().text().isEmpty()) {
            ++next;
        }
        if (next.atEnd()) {
            return false;
        }
        double nextTop = 0.0;
        if (QTextTable* table = qobject_cast<QTextTable*>(next.currentFrame())) {
            const int header = table->format().headerRowCount();
            nextTop = rowTop(*table, std::min(header, table->rows() - 1));
        } else if (next.currentBlock().isValid()) {
            nextTop = firstLineTop(next.currentBlock());
        } else {
            return false;
        }
        if (page(top(heading)) == page(nextTop)) {
            return false;
        }
        // The whole run moves, unless it already starts its page (then nothing can help).
        const QTextBlock first = runStart(heading);
        const double offset = top(first) - page(top(first)) * pageHeight_;
        return offset > 1.0 && breakBefore(first);
    }

    /// A paragraph of at most kMaxMovedParagraph of a page split with fewer than two lines on
    /// one of its pages moves to the next page whole (with the heading it follows).
    bool fixSplitParagraph(const QTextBlock& block) {
        const QTextLayout* lines = block.layout();
        if (lines == nullptr || lines->lineCount() < 2) {
            return false;
        }
        const double y = lines->position().y();
        const int first = page(y + lines->lineAt(0).y());
        if (first == page(y + lines->lineAt(lines->lineCount() - 1).y())) {
            return false;
        }
        int onFirst = 0;
        for (int i = 0; i < lines->lineCount(); ++i) {
            onFirst += page(y + lines->lineAt(i).y()) == first ? 1 : 0;
        }
        if ((onFirst >= kMinLinesPerPage && lines->lineCount() - onFirst >= kMinLinesPerPage) ||
            layout_.blockBoundingRect(block).height() > kMaxMovedParagraph * pageHeight_) {
            return false;
        }
        QTextBlock start = runStart(block);
        if (page(top(start)) != first) {
            start = block;  // a long run of steps: the paragraph moves alone
        }
        return offsetOnPage(top(start)) > 1.0 && breakBefore(start);
    }

    /// One block or table of the root frame, where its content is drawn.
    struct Item {
        QTextBlock block;  ///< the block, or the block a table's move starts with
        bool heading = false;
        bool breaks = false;  ///< starts a new page (a section)
        double top = 0.0;
        double bottom = 0.0;
    };

    /// The root frame's blocks and tables with content (no empty spacers), in order.
    std::vector<Item> items() const {
        std::vector<Item> out;
        for (QTextFrame::iterator it = doc_.rootFrame()->begin(); !it.atEnd(); ++it) {
            if (QTextTable* table = qobject_cast<QTextTable*>(it.currentFrame())) {
                const QRectF frame = layout_.frameBoundingRect(table);
                out.push_back({leaderOf(*table), false, false, frame.top(), frame.bottom()});
                continue;
            }
            const QTextBlock block = it.currentBlock();
            const QTextLayout* lines = block.isValid() ? block.layout() : nullptr;
            if (lines == nullptr || lines->lineCount() == 0 ||
                (block.text().isEmpty() && block.textList() == nullptr)) {
                continue;
            }
            const QTextLine last = lines->lineAt(lines->lineCount() - 1);
            out.push_back({block, block.blockFormat().boolProperty(kKeepWithNext),
                           breaksBefore(block), firstLineTop(block),
                           lines->position().y() + last.y() + last.height()});
        }
        return out;
    }

    /// A page holding fewer than kMinTailLines lines before a section that starts a new page,
    /// or before the end: the group those lines end moves to that page whole, from the heading
    /// it is under (or, with no heading near, from the block that makes it kMinTailLines long),
    /// when the page before keeps kMinMoveOffset of its height.
    bool fixShortTails() {
        const std::vector<Item> all = items();
        const double minTail =
            kMinTailLines * QFontMetricsF(doc_.defaultFont(), layout_.paintDevice()).lineSpacing();
        std::size_t start = 0;  // the first item after the last forced break
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (all[i].breaks) {
                start = i;
            }
            const bool ends = i + 1 == all.size() || all[i + 1].breaks;
            const int last = page(all[i].bottom - 1.0);
            if (!ends || last == page(all[start].top) ||
                all[i].bottom - last * pageHeight_ >= minTail) {
                continue;
            }
            // The first item that reaches the short page.
            std::size_t k = i;
            while (k > start && all[k - 1].bottom > last * pageHeight_ + 1.0) {
                --k;
            }
            const std::optional<QTextBlock> from = moveFrom(all, start, k, all[i].bottom, minTail);
            if (from && breakBefore(*from)) {
                return true;
            }
        }
        return false;
    }

    /// Where a short tail of a page that starts with item `k` (and ends at `tailBottom`, less
    /// than `minTail` down its page) moves from (fixShortTails).
    std::optional<QTextBlock> moveFrom(const std::vector<Item>& all, std::size_t start,
                                       std::size_t k, double tailBottom, double minTail) const {
        const int short_page = page(all[k].bottom - 1.0);
        const int before = short_page - 1;
        const auto movable = [&](const QTextBlock& b) {
            return page(top(b)) == before && offsetOnPage(top(b)) >= kMinMoveOffset * pageHeight_;
        };
        // The heading the tail is under, with everything after it.
        for (std::size_t m = k + 1; m-- > start && page(all[m].top) >= before;) {
            if (all[m].heading) {
                const QTextBlock from = runStart(all[m].block);
                if (movable(from)) {
                    return from;
                }
                break;
            }
        }
        // Else the blocks before it that make it minTail long (the room left empty at the foot of
        // the page before does not count).
        const double footGap = k > start && page(all[k - 1].bottom - 1.0) == before
                                   ? short_page * pageHeight_ - all[k - 1].bottom
                                   : 0.0;
        for (std::size_t m = k + 1; m-- > start && page(all[m].top) >= before;) {
            if (page(all[m].top) == before && tailBottom - all[m].top - footGap >= minTail) {
                const QTextBlock from = runStart(all[m].block);
                if (movable(from)) {
                    return from;
                }
                break;
            }
        }
        return std::nullopt;
    }

    double offsetOnPage(double y) const { return y - page(y) * pageHeight_; }

    /// What starts a new page after a page with nothing on it (what spilled over from the page
    /// before is no content: a table's bottom edge or frame margin, less than a line) starts on
    /// that page instead: its page break goes.
    bool fixEmptyPage() {
        const std::vector<Item> all = items();
        const double spill = QFontMetricsF(doc_.defaultFont(), layout_.paintDevice()).lineSpacing();
        for (std::size_t i = 1; i < all.size(); ++i) {
            const int p = page(all[i].top);
            if (!all[i].breaks || page(all[i - 1].bottom - spill) >= p - 1 ||
                !unbroken_.insert(all[i].block.position()).second) {
                continue;
            }
            QTextBlockFormat format;
            format.setPageBreakPolicy(QTextFormat::PageBreak_Auto);
            QTextCursor(all[i].block).mergeBlockFormat(format);
            return true;
        }
        return false;
    }

    QTextDocument& doc_;
    QAbstractTextDocumentLayout& layout_;
    double pageHeight_;
    std::set<int> fixed_;     ///< positions given a break already (never twice: no endless loop)
    std::set<int> unbroken_;  ///< positions whose break went (fixEmptyPage; never twice)
};

}  // namespace

void flatten_spacers(QTextDocument& doc) {
    // The empty blocks Qt keeps around tables take no room: one of them alone after a table that
    // fills its page would otherwise make an empty page.
    QTextCursor batch(&doc);
    batch.beginEditBlock();
    for (QTextFrame::iterator it = doc.rootFrame()->begin(); !it.atEnd(); ++it) {
        const QTextBlock block = it.currentBlock();
        if (block.isValid() && block.text().isEmpty() && block.textList() == nullptr) {
            QTextBlockFormat format;
            format.setLineHeight(0, QTextBlockFormat::FixedHeight);
            format.setTopMargin(0);
            format.setBottomMargin(0);
            QTextCursor(block).mergeBlockFormat(format);
        }
    }
    batch.endEditBlock();
}

void keep_together(QTextDocument& doc) {
    flatten_spacers(doc);
    Paginator paginator(doc);
    // Each fix moves content down; a report has a few dozen tables and headings at most.
    for (int pass = 0; pass < 200 && paginator.fixOne(); ++pass) {
    }
}

}  // namespace raidadv::report::detail
