// Placeholder so the `tip` branch builds before the store tests land:
// SwiftPM refuses a target without sources. Delete on merge with main.
