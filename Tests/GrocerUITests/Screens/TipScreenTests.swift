import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

private func screen(_ id: String = "en_US", typing keys: [Key] = []) -> TipScreen {
    var s = TipScreen(locale: Locale(identifier: id))
    for key in keys { _ = s.handle(key) }
    return s
}

private func chars(_ text: String) -> [Key] { text.map { Key.char($0) } }

private func lines(_ s: TipScreen, width: Int = 80, height: Int = 24) -> [String] {
    var canvas = Canvas(width: width, height: height)
    s.render(into: &canvas)
    return canvas.lines
}

/// The rows of an 80x24 canvas, given the non-empty ones by index.
private func expected(_ rows: [Int: String]) -> [String] {
    (0..<24).map { rows[$0] ?? "" }
}

@Suite struct TipScreenRenderTests {
    @Test func anEmptyBillShowsNoAmounts() {
        #expect(
            lines(screen())
                == expected([
                    1: "                                 Tip calculator",
                    3: "           Bill",
                    5: "           Custom tip  0% [██████████████████░░░░░░░░░░░░] 30%",
                    6: "                       ← → or - + to change",
                    8: "           Split       1 person    < fewer   > more",
                    10: "                                          15%                     18%",
                    11: "           Tip",
                    12: "           Total",
                ]))
    }

    @Test func aBillSplitUnevenlyUnderUSEnglish() {
        let s = screen(typing: chars("5632>>"))
        #expect(
            lines(s)
                == expected([
                    1: "                                 Tip calculator",
                    3: "           Bill                        $56.32",
                    5: "           Custom tip  0% [██████████████████░░░░░░░░░░░░] 30%",
                    6: "                       ← → or - + to change",
                    8: "           Split       3 people    < fewer   > more",
                    10: "                                          15%                     18%",
                    11: "           Tip                          $8.45                  $10.14",
                    12: "           Total                       $64.77                  $66.46",
                    13: "           Per person                  $21.59              1 × $22.16",
                    14: "                                                           2 × $22.15",
                ]))
    }

    @Test func germanAmountsAndPercentsWithNoBreakSpaces() {
        let s = screen("de_DE", typing: chars("5632") + [.right, .right, .char(">")])
        let shown = lines(s).map { $0.replacingOccurrences(of: "\u{A0}", with: "~") }
        #expect(
            shown
                == expected([
                    1: "                                 Tip calculator",
                    3: "           Bill                       56,32~€",
                    5: "           Custom tip  0~% [████████████████████░░░░░░░░░░] 30~%",
                    6: "                       ← → or - + to change",
                    8: "           Split       2 people    < fewer   > more",
                    10: "                                         15~%                    20~%",
                    11: "           Tip                         8,45~€                 11,26~€",
                    12: "           Total                      64,77~€                 67,58~€",
                    13: "           Per person             1 × 32,39~€                 33,79~€",
                    14: "                                  1 × 32,38~€",
                ]))
    }

    @Test func yenHaveNoMinorDigits() {
        let shown = lines(screen("ja_JP", typing: chars("5632")))
        #expect(shown[3] == "           Bill                        ¥5,632")
        #expect(shown[11] == "           Tip                           ¥845                  ¥1,014")
        #expect(shown[12] == "           Total                       ¥6,477                  ¥6,646")
    }

    @Test func theLargestBillFits() {
        let shown = lines(screen(typing: chars("999999999999") + Array(repeating: .right, count: 12) + [.char(">")]))
        #expect(shown[3] == "           Bill             $9,999,999,999.99")
        #expect(shown[11] == "           Tip              $1,500,000,000.00       $3,000,000,000.00")
        #expect(shown[12] == "           Total           $11,499,999,999.99      $12,999,999,999.99")
        #expect(shown[13] == "           Per person   1 × $5,750,000,000.00   1 × $6,500,000,000.00")
        #expect(shown[14] == "                        1 × $5,749,999,999.99   1 × $6,499,999,999.99")
    }

    @Test(arguments: [
        (0, "0% [░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░] 30%"), (30, "0% [██████████████████████████████] 30%"),
        (1, "0% [█░░░░░░░░░░░░░░░░░░░░░░░░░░░░░] 30%"),
    ])
    func theSliderHasOneCellPerPercent(percent: Int, bar: String) {
        let steps = percent - 18
        let keys = Array(repeating: steps < 0 ? Key.left : Key.right, count: abs(steps))
        let s = screen(typing: keys)
        #expect(s.customPercent == percent)
        #expect(lines(s)[5] == "           Custom tip  " + bar)
    }

    @Test func aRefusedKeyIsExplainedUntilTheNextAcceptedOne() {
        var s = screen(typing: chars("56"))
        _ = s.handle(.char("x"))
        #expect(lines(s)[16] == "                  “x” is not a digit: type the bill in digits")
        _ = s.handle(.char("3"))
        #expect(lines(s)[16] == "")
        #expect(s.message == nil)
    }

    @Test func theScreenCentresInAWiderTerminalAndFitsItsMinimum() {
        let wide = lines(screen(typing: chars("5632")), width: 100, height: 30)
        #expect(wide[3] == "                     Bill                        $56.32")
        let (w, h) = (TipScreen.minimumSize.width, TipScreen.minimumSize.height)
        let small = lines(screen(typing: chars("999999999999>")), width: w, height: h)
        #expect(small[12] == " Total           $11,499,999,999.99      $11,799,999,999.99")
        #expect(small[13] == " Per person   1 × $5,750,000,000.00   1 × $5,900,000,000.00")
        #expect(small[14] == "              1 × $5,749,999,999.99   1 × $5,899,999,999.99")
        #expect(small.count == h && small.allSatisfy { TextWidth.of($0) <= w })
    }
}

@Suite struct TipScreenKeyTests {
    @Test func digitsAppendAndBackspaceRemoves() {
        var s = screen(typing: chars("5632"))
        #expect(s.bill.digits == "5632")
        #expect(s.handle(.backspace) == .redraw)
        #expect(s.bill.digits == "563")
        #expect(s.sheet?.bill.decimalString == "5.63")
    }

    @Test func leadingZerosDoNotCount() {
        let s = screen(typing: chars("0005632"))
        #expect(s.bill.digits == "5632")
        #expect(s.sheet?.bill.decimalString == "56.32")
    }

    @Test func anEmptyBillClearsEveryAmount() {
        var s = screen(typing: chars("12"))
        #expect(s.sheet != nil)
        _ = s.handle(.backspace)
        _ = s.handle(.backspace)
        #expect(s.sheet == nil)
        #expect(s.handle(.backspace) == .none)
        #expect(lines(s)[12] == "           Total")
    }

    @Test func ctrlUClearsTheBill() {
        var s = screen(typing: chars("5632"))
        #expect(s.handle(.ctrl("u")) == .redraw)
        #expect(s.bill.isEmpty)
    }

    @Test(arguments: [Key.up, .down, .tab, .enter, .home, .unknown, .delete])
    func keysHelpDoesNotListDoNothing(key: Key) {
        var s = screen(typing: chars("5632>") + [.right])
        let before = s
        #expect(s.handle(key) == .none)
        #expect(s == before)
    }

    @Test(arguments: [Key.char("x"), .char("."), .char(","), .char(" "), .char("٣")])
    func otherCharactersAreRefusedAndChangeNothingButTheMessage(key: Key) {
        var s = screen(typing: chars("5632>") + [.right])
        let before = s
        #expect(s.handle(key) == .reject)
        #expect(s.message != nil)
        #expect(s.bill == before.bill)
        #expect(s.customPercent == before.customPercent)
        #expect(s.people == before.people)
    }

    @Test func aThirteenthDigitIsRefused() {
        var s = screen(typing: chars("123456789012"))
        #expect(s.handle(.char("3")) == .reject)
        #expect(s.bill.digits == "123456789012")
        #expect(s.message == "The bill takes at most 12 digits")
    }

    @Test func theSliderStartsAt18AndStopsAt0And30() {
        var s = screen()
        #expect(s.customPercent == 18)
        for _ in 0..<12 { #expect(s.handle(.char("+")) == .redraw) }
        #expect(s.customPercent == 30)
        #expect(s.handle(.right) == .reject)
        #expect(s.customPercent == 30)
        #expect(s.message == "The custom tip goes from 0% to 30%")
        for _ in 0..<30 { #expect(s.handle(.char("-")) == .redraw) }
        #expect(s.customPercent == 0)
        #expect(s.handle(.left) == .reject)
        #expect(s.customPercent == 0)
    }

    @Test func theCustomColumnFollowsTheSliderAndTheFifteenPercentOneDoesNot() {
        var s = screen(typing: chars("10000"))
        _ = s.handle(.right)
        #expect(s.sheet?.custom.tip.decimalString == "19.00")
        #expect(s.sheet?.standard.tip.decimalString == "15.00")
    }

    @Test func splitGoesFrom1To20WithAngleOrSquareBrackets() {
        var s = screen(typing: chars("6646"))
        #expect(s.handle(.char("<")) == .reject)
        #expect(s.message == "The bill splits among 1 to 20 people")
        #expect(s.people == 1)
        for i in 0..<19 { #expect(s.handle(.char(i.isMultiple(of: 2) ? ">" : "]")) == .redraw) }
        #expect(s.people == 20)
        #expect(s.handle(.char("]")) == .reject)
        #expect(s.people == 20)
        _ = s.handle(.char("["))
        #expect(s.people == 19)
        #expect(s.sheet?.custom.shares.count == 19)
    }

    @Test func escapeLeavesAndGlobalKeysAreLeftToTheApp() {
        var s = screen(typing: chars("5"))
        #expect(s.handle(.escape) == .go(.weight))
        for key in [Key.function(4), .function(10), .alt("1"), .ctrl("c")] {
            #expect(s.handle(key) == .none)
        }
        #expect(s.bill.digits == "5")
        #expect(s.message == nil)
    }

    @Test func hintsNameTheScreensOwnKeys() {
        let keys = screen().hints.map(\.key)
        #expect(keys == ["0-9", "Bksp", "←→", "< >", "Esc"])
    }
}
