// Placeholder so the `tip` branch builds before the terminal layer lands:
// SwiftPM refuses a target without sources. Delete on merge with main.
