// Stand-in so the target builds on the `migrate` branch; main's terminal
// layer replaces this file when the branches merge.
import GrocerUI
