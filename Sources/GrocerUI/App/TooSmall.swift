import GrocerCore

/// What every screen shows when the terminal is smaller than it needs.
enum TooSmall {
    /// `canQuit`: whether F10 quits here (not while a migration runs).
    static func render(into canvas: inout Canvas, need: Size, canQuit: Bool) {
        let advice = canQuit ? "Enlarge the window, or press F10 to quit." : "Enlarge the window."
        let text = "Terminal too small: \(canvas.width)x\(canvas.height). grocer needs \(need.width)x\(need.height). \(advice)"
        let lines = canvas.wrap(text, width: max(1, canvas.width))
        let top = max(0, (canvas.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < canvas.height {
            canvas.put(canvas.truncate(line, to: canvas.width), row: top + i, column: 0)
        }
        canvas.cursor = nil
    }
}
