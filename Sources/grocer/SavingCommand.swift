import ArgumentParser

/// A command whose work is a save (a weight added, an item ticked, the
/// unit set): once `run()` has returned, the save landed, and the exit
/// status is the save's even when its confirmation could not be printed
/// (a closed or full standard output): a script that retries on a failure
/// would otherwise save twice (`StandardOutput.ending`). `saves` is false
/// for a run that only printed (`grocer unit` with no unit, a dry run).
protocol SavingCommand: ParsableCommand {
    var saves: Bool { get }
}

extension SavingCommand {
    var saves: Bool { true }
}

extension WeightCommand.Add: SavingCommand {}
extension WeightCommand.Edit: SavingCommand {}
extension WeightCommand.Remove: SavingCommand {}
extension WeightCommand.Goal: SavingCommand {
    var saves: Bool { value != nil || clear }
}
extension WeightImportCommand: SavingCommand {
    var saves: Bool { !dryRun }
}
extension UnitCommand: SavingCommand {
    var saves: Bool { unit != nil }
}
extension HeightCommand: SavingCommand {
    var saves: Bool { !height.isEmpty || clear }
}
extension ItemsCommand.Add: SavingCommand {}
extension ItemsCommand.Edit: SavingCommand {}
extension ItemsCommand.Check: SavingCommand {}
extension ItemsCommand.Uncheck: SavingCommand {}
extension ItemsCommand.Clear: SavingCommand {}
extension ItemsCommand.Remove: SavingCommand {}
extension AislesCommand.Add: SavingCommand {}
extension AislesCommand.Rename: SavingCommand {}
extension AislesCommand.Move: SavingCommand {}
extension AislesCommand.Remove: SavingCommand {}
extension StorageCommand.Add: SavingCommand {}
extension StorageCommand.Rename: SavingCommand {}
extension StorageCommand.Remove: SavingCommand {}
extension UnitsCommand.Add: SavingCommand {}
extension UnitsCommand.Rename: SavingCommand {}
extension UnitsCommand.Remove: SavingCommand {}
extension SyncCommand.Now: SavingCommand {}
extension SyncCommand.Setup: SavingCommand {}
extension SyncCommand.Forget: SavingCommand {}
extension SyncCommand.Conflicts: SavingCommand {
    var saves: Bool { take != nil || dismiss != nil }
}
extension StoreCommand.Backup: SavingCommand {}
extension StoreMigrateCommand: SavingCommand {}
