// A second reference for grocer's first frame: the least a Swift program
// with Foundation can do to show the same title with a localised date (no
// ncurses, no store). It shows the floor that Swift's runtime and ICU set.
import Foundation

let formatter = DateFormatter()
formatter.locale = Locale(identifier: "en_US")
formatter.dateStyle = .long
formatter.timeStyle = .short
print("Enter Today's Weight\n\(formatter.string(from: Date()))")
_ = readLine()
