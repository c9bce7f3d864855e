import Foundation
import GrocerCore
import GrocerStore
import GrocerUI

extension StoreWorker {
    /// What the weight screen asks when it appears (issue 34): the days
    /// the history's trend is made from, and the newest weigh-ins' times.
    func weighInHabits(unit: WeightUnit) -> EffectResult? {
        access(.read, .loadWeighInHabits(unit: unit)) { store in
            let (days, start) = try store.weights.recentDays(unit: unit, asBuilt: zoneRebuild.isSet)
            let page = try store.weights.newestFirst(before: nil, limit: UsualWeighInTime.recent)
            return .weighInHabits(WeighInHabits(days: days, start: start, unit: unit, recent: page.entries.map(\.recordedAt)))
        }
    }
}
