import Foundation
import GrocerCore
import GrocerStore
import GrocerUI

extension LiveEffects {
    /// The history's reads and writes (interim until the store's paging API lands).
    func performHistory(_ effect: Effect) -> EffectResult? {
        .failed("The history cannot be read yet.")
    }
}
