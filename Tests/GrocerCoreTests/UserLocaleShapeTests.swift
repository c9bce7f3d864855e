import Foundation
import GrocerCore
import Testing

/// Which locale variables are kept at launch: ICU's default locale crashes
/// on some values grocer would otherwise pass on (a one-word LANG of 12
/// letters or more).
@Suite struct UserLocaleShapeTests {
    @Test(arguments: ["C", "POSIX", "C.UTF-8", "en_US.UTF-8", "de_DE@euro", "sr_RS.UTF-8@latin", "zh_Hant_TW", "es_419", "aaaaaaaa"])
    func realNamesAreKept(value: String) {
        #expect(UserLocale.isWellFormed(value))
    }

    @Test(arguments: Array(1...64))
    func aOneWordNameIsKeptUpTo8LettersAndDroppedAfter(letters: Int) {
        #expect(UserLocale.isWellFormed(String(repeating: "a", count: letters)) == (letters <= 8))
    }

    @Test(arguments: ["en_AAAAAAAAAAAA", "en US", "en_US.UTF 8", "en_\u{1B}[31m", "é_FR", "en_US.UTF-8@" + String(repeating: "x", count: 60), "_US"])
    func otherShapesAreDropped(value: String) {
        #expect(!UserLocale.isWellFormed(value))
    }
}
