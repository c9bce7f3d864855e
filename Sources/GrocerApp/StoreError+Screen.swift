import GrocerStore

extension StoreError {
    /// The message as the screen shows it: the remedy in the screen's
    /// words (`Remedy.onScreen`), never a flag or a command.
    var onScreen: String { words(remedy: \.onScreen) }
}

extension StoreError.Remedy {
    /// The screen's words: what to do from the screen, or how to start
    /// grocer again.
    var onScreen: String {
        switch self {
        case .useAnotherStore(let what): return "Start grocer on \(what) instead"
        case .pointAtTheRealFile: return "Start grocer on the real file, or remove the link"
        case .chooseAnotherFolder: return "Check its permissions, or start grocer on a store elsewhere"
        case .migrate: return "Start grocer again to migrate it"
        case .seeWhichExist: return "Choose one from the list"
        case .seeWhichWeightsExist: return "Choose one from the history"
        }
    }
}
