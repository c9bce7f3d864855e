/// ISO's two-letter language and region codes, as ICU lists them
/// (`Locale.LanguageCode.isoLanguageCodes`, `Locale.Region.isoRegions`; a
/// test holds the two to each other). Asking ICU is costly before the
/// first frame; a search in these strings is not (docs/MEASURED.md).
extension UserLocale {
    static let isoLanguages =
        " aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de "
        + "dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia "
        + "id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo "
        + "lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl "
        + "ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk "
        + "tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu "

    static let isoRegions =
        " AC AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR "
        + "BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CP CQ CR CU CV CW CX CY CZ DE DG DJ DK DM "
        + "DO DZ EA EC EE EG EH ER ES ET EU EZ FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR "
        + "GS GT GU GW GY HK HM HN HR HT HU IC ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN "
        + "KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS "
        + "MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT "
        + "PW PY QA QO RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC "
        + "TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM UN US UY UZ VA VC VE VG VI VN VU WF WS XK "
        + "YE YT ZA ZM ZW "

    /// Two letters ISO lists; three letters (ISO 639-2/3, which glibc
    /// names too) are taken as they are.
    static func isISOLanguage(_ code: Substring) -> Bool {
        guard code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        if code.count == 3 { return true }
        return code.count == 2 && listed(code, in: isoLanguages, caseBit: 0x20)
    }

    /// Two letters ISO lists, or a UN M.49 area of three digits ("419").
    static func isISORegion(_ code: Substring) -> Bool {
        if code.count == 3 { return code.allSatisfy { $0.isASCII && $0.isNumber } }
        return code.count == 2 && code.allSatisfy({ $0.isASCII && $0.isLetter }) && listed(code, in: isoRegions, caseBit: 0)
    }

    /// Whether the two ASCII letters of `code`, in the list's case
    /// (`caseBit` 0x20 lower, 0 upper), are one of its entries: a code
    /// every three bytes from the second. Compared byte by byte: the
    /// launch asks before its first frame, where Foundation's substring
    /// search (which `contains` on a String picks) is costly
    /// (docs/MEASURED.md).
    static func listed(_ code: Substring, in list: String, caseBit: UInt8) -> Bool {
        let bytes = Array(code.utf8)
        guard bytes.count == 2 else { return false }
        let first = bytes[0] & ~0x20 | caseBit
        let second = bytes[1] & ~0x20 | caseBit
        let entries = Array(list.utf8)
        return stride(from: 1, to: entries.count - 1, by: 3).contains { entries[$0] == first && entries[$0 + 1] == second }
    }
}
