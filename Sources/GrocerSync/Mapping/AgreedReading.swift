import GrocerCore

/// An agreed copy's reading, kept beside it (a sync record's
/// `agreed_reading`, format version 13, issue 35): the item the copy read
/// as, the reading's context (quick entry's known units and locale, which
/// a phone's SUMMARY is read with) and the copy's length and checksum. A
/// sync with nothing to do compares each local item with it instead of
/// reading every copy again; a reading whose copy or context is not the
/// one at hand is not used (the copy is read as before).
///
/// Its text: fields, each its UTF-8 length, ":" and itself, or "-" for
/// none, one after the other (any text, no escaping needed). `phone`: the
/// copy has no X-GROCER-NAME, so the name the list knows is matched at
/// each use (`KnownNames`), never kept.
public struct AgreedReading: Equatable, Sendable {
    public var checksum: String
    public var context: String
    public var phone: Bool
    public var item: SyncedItem

    /// The first field of the text; another is not this reading.
    static let version = "1"

    public init(copy: [UInt8], context: String, phone: Bool, item: SyncedItem) {
        checksum = Self.checksum(copy)
        self.context = context
        self.phone = phone
        self.item = item
    }

    /// The reading kept in `text`, nil when it is not one (another
    /// version, cut, or a field that does not read).
    public init?(_ text: String) {
        var fields = Fields(text)
        guard fields.next() == Self.version, let checksum = fields.next(), let context = fields.next(), let phone = fields.next(),
            let name = fields.next(), let quantity = fields.next().flatMap({ try? GroceryQuantity(canonical: $0) })
        else { return nil }
        let unit = fields.optional()
        let aisle = fields.optional()
        let place = fields.optional()
        guard let unit, let aisle, let place, let ticked = fields.next(), let count = fields.next().flatMap({ Int($0) }), count >= 0 else {
            return nil
        }
        var shops: [String] = []
        for _ in 0..<count {
            guard let shop = fields.next() else { return nil }
            shops.append(shop)
        }
        guard let note = fields.next(), let hasSecond = fields.next() else { return nil }
        var second: SyncedItem.Second?
        if hasSecond == "1" {
            guard let quantity = fields.next().flatMap({ try? GroceryQuantity(canonical: $0) }), let unit = fields.optional() else {
                return nil
            }
            second = SyncedItem.Second(quantity, unit)
        }
        guard fields.atEnd, !fields.failed else { return nil }
        item = SyncedItem(name: name, quantity: quantity, unit: unit, aisle: aisle, place: place, ticked: ticked == "1", note: note)
        item.shops = shops
        item.second = second
        self.checksum = checksum
        self.context = context
        self.phone = phone == "1"
    }

    /// The text kept in the record.
    public var text: String {
        var out = ""
        func add(_ field: String?) {
            if let field {
                out += String(field.utf8.count) + ":" + field
            } else {
                out += "-"
            }
        }
        add(Self.version)
        add(checksum)
        add(context)
        add(phone ? "1" : "0")
        add(item.name)
        add(item.quantity.canonical)
        add(item.unit)
        add(item.aisle)
        add(item.place)
        add(item.ticked ? "1" : "0")
        add(String(item.shops.count))
        for shop in item.shops { add(shop) }
        add(item.note)
        if let second = item.second {
            add("1")
            add(second.quantity.canonical)
            add(second.unit)
        } else {
            add("0")
        }
        return out
    }

    /// The context of a reading that took a SUMMARY with quick entry:
    /// the known units and the locale, each field as the text writes one
    /// (a reading of grocer's own fields alone has none: "").
    public static func context(units: [String], locale: String) -> String {
        ([locale] + units).map { String($0.utf8.count) + ":" + $0 }.joined()
    }

    /// Whether this is the reading of `copy`.
    public func reads(_ copy: [UInt8]) -> Bool { checksum == Self.checksum(copy) }

    /// The copy's length and its FNV-1a 64-bit hash, in hex: enough to
    /// tell that a record's copy is the one read (it changes with every
    /// agreement, and the engine keeps the reading with it).
    static func checksum(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(bytes.count) + "-" + String(hash, radix: 16)
    }

    /// The fields of a kept text, one at a time.
    struct Fields {
        let bytes: [UInt8]
        var at = 0
        var failed = false

        init(_ text: String) { bytes = Array(text.utf8) }

        var atEnd: Bool { at == bytes.count }

        /// The next field, nil for "-" or when it does not read (then
        /// `failed`).
        mutating func next() -> String? {
            optional() ?? nil
        }

        /// The next field: .some(nil) for "-", nil when it does not read.
        mutating func optional() -> String?? {
            guard at < bytes.count else {
                failed = true
                return nil
            }
            if bytes[at] == UInt8(ascii: "-") {
                at += 1
                return .some(nil)
            }
            var length = 0
            while at < bytes.count, bytes[at] != UInt8(ascii: ":") {
                let digit = Int(bytes[at]) - 0x30
                guard (0...9).contains(digit), length < 1_000_000 else {
                    failed = true
                    return nil
                }
                length = length * 10 + digit
                at += 1
            }
            guard at < bytes.count, at + 1 + length <= bytes.count else {
                failed = true
                return nil
            }
            let start = at + 1
            at = start + length
            return .some(String(decoding: bytes[start..<at], as: UTF8.self))
        }
    }
}
