import CNCursesw
import GrocerUI

/// The one place raw key codes become `Key`.
enum KeyMap {
    static func key(forCode code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case grocer_key_resize(): return .resize
        default:
            for n in 1...12 where code == grocer_key_f(Int32(n)) { return .function(n) }
            return .unknown
        }
    }

    static func key(forCharacter value: UInt32) -> Key {
        switch value {
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 27: return .escape
        case 1...26: return .ctrl(Character(Unicode.Scalar(value + 96)!))
        default:
            guard let scalar = Unicode.Scalar(value), value >= 32 else { return .unknown }
            return .char(Character(scalar))
        }
    }
}
