import Foundation

@testable import GrocerCore

/// Currencies and bills the tip tests share.
let usd = Currency(code: "USD")
let jpy = Currency(code: "JPY")
let bhd = Currency(code: "BHD")
let kwd = Currency(code: "KWD")

func bill(_ digits: String, _ currency: Currency = usd) -> Money {
    try! BillDigits(digits).money(in: currency)
}
