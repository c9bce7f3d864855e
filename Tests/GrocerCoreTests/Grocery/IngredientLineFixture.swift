/// 54 ingredient lines as five public recipe sites write them, each with
/// its page (as recipe-scrapers' test data keeps them:
/// github.com/hhursev/recipe-scrapers, tests/test_data), and how grocer
/// reads it: English, French and German, fractions, ranges of units,
/// brands, brackets, notes after a comma. The readings were checked by
/// hand; a change to the reader that changes one is a change to review.
enum IngredientLineFixture {
    struct Row {
        let source: String
        let line: String
        let quantity: String?
        let unit: String?
        let name: String
        let note: String
    }

    static let rows: [Row] = [
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "¼ cup olive oil", quantity: "0.25", unit: "cup", name: "olive oil", note: ""),
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "1 tablespoon minced garlic", quantity: "1", unit: "tbsp", name: "minced garlic", note: ""),
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "½ teaspoon sea salt", quantity: "0.5", unit: "tsp", name: "sea salt", note: ""),
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "8 Roma tomatoes, sliced", quantity: "8", unit: nil, name: "Roma tomatoes", note: "sliced"),
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "2 (12 inch) pre-baked pizza crusts", quantity: "2", unit: nil, name: "pre-baked pizza crusts", note: "12 inch"),
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "8 ounces shredded Mozzarella cheese", quantity: "8", unit: "oz", name: "shredded Mozzarella cheese", note: ""),
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "4 ounces shredded Fontina cheese", quantity: "4", unit: "oz", name: "shredded Fontina cheese", note: ""),
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "10 fresh basil leaves, washed, dried", quantity: "10", unit: nil, name: "fresh basil leaves", note: "washed, dried"),
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "½ cup freshly grated Parmesan cheese", quantity: "0.5", unit: "cup", name: "freshly grated Parmesan cheese", note: ""),
        Row(
            source: "https://www.allrecipes.com/recipe/133948/four-cheese-margherita-pizza/",
            line: "½ cup crumbled feta cheese", quantity: "0.5", unit: "cup", name: "crumbled feta cheese", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "500g de carottes", quantity: "500", unit: "g", name: "carottes", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "3 jus d'orange", quantity: "3", unit: nil, name: "jus d'orange", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "1 c.c de coriandre en grain", quantity: "1", unit: "tsp", name: "coriandre en grain", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "1 branche de thym", quantity: "1", unit: "sprig", name: "thym", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "30g d'huile d'olive", quantity: "30", unit: "g", name: "huile d'olive", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "2 oranges", quantity: "2", unit: nil, name: "oranges", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "1 fenouil", quantity: "1", unit: nil, name: "fenouil", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "10 cl de vinaigrette citron", quantity: "100", unit: "ml", name: "vinaigrette citron", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "500 g de carottes", quantity: "500", unit: "g", name: "carottes", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "1/4 de botte de coriandre hachée", quantity: "0.25", unit: "bunch", name: "coriandre hachée", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "Sel", quantity: nil, unit: nil, name: "Sel", note: ""),
        Row(
            source: "https://www.750g.com/salade-de-carottes-cuites-et-crues-a-l-orange",
            line: "Piment d'Espelette", quantity: nil, unit: nil, name: "Piment d'Espelette", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "150 ml MY VAY Mandeldrink", quantity: "150", unit: "ml", name: "MY VAY Mandeldrink", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "50 ml QUELLBRUNN Mineralwasser Classic mit Kohlensäure", quantity: "50", unit: "ml",
            name: "QUELLBRUNN Mineralwasser Classic mit Kohlensäure", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "1 EL Zitronensaft", quantity: "1", unit: "tbsp", name: "Zitronensaft", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "1 EL BELLASAN Rapsöl", quantity: "1", unit: "tbsp", name: "BELLASAN Rapsöl", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "100 g BACK FAMILY Weizenmehl Type 405", quantity: "100", unit: "g", name: "BACK FAMILY Weizenmehl Type 405", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "1 EL BACK FAMILY gemahlene Mandeln", quantity: "1", unit: "tbsp", name: "BACK FAMILY gemahlene Mandeln", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "1 EL DIADEM Raffinade-Zucker", quantity: "1", unit: "tbsp", name: "DIADEM Raffinade-Zucker", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "8 g BACK FAMILY Backpulver", quantity: "8", unit: "g", name: "BACK FAMILY Backpulver", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "8 g BACK FAMILY Vanillinzucker", quantity: "8", unit: "g", name: "BACK FAMILY Vanillinzucker", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "20 g BACK FAMILY Pudding Vanille-Geschmack", quantity: "20", unit: "g", name: "BACK FAMILY Pudding Vanille-Geschmack", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "1 EL BELLASAN Sonnenblumen-Margarine zum Braten", quantity: "1", unit: "tbsp", name: "BELLASAN Sonnenblumen-Margarine zum Braten",
            note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "DIADEM Puderzucker", quantity: nil, unit: nil, name: "DIADEM Puderzucker", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "1 großer Apfel (oder 2 kleine Äpfel)", quantity: "1", unit: nil, name: "Apfel", note: "großer; oder 2 kleine Äpfel"),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "1 TL Kokosöl", quantity: "1", unit: "tsp", name: "Kokosöl", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "Schuss GUT BIO Agavendicksaft", quantity: nil, unit: nil, name: "GUT BIO Agavendicksaft", note: "Schuss"),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "½ TL LE GUSTO Zimt", quantity: "0.5", unit: "tsp", name: "LE GUSTO Zimt", note: ""),
        Row(
            source: "https://www.aldi-nord.de/rezepte/kategorien/desserts/veganer-kaiserschmarrn-mit-gebratenen-zimt-aepfeln.html",
            line: "½ TL DIADEM Raffinade-Zucker", quantity: "0.5", unit: "tsp", name: "DIADEM Raffinade-Zucker", note: ""),
        Row(
            source: "https://altonbrown.com/recipes/reloaded-gold-cake/",
            line: "1 cup (2 sticks) unsalted butter, at room temperature, plus extra for the pan", quantity: "1", unit: "cup",
            name: "unsalted butter", note: "at room temperature, plus extra for the pan; 2 sticks"),
        Row(
            source: "https://altonbrown.com/recipes/reloaded-gold-cake/",
            line: "1 cup all-purpose flour, plus extra for the pan", quantity: "1", unit: "cup", name: "all-purpose flour",
            note: "plus extra for the pan"),
        Row(
            source: "https://altonbrown.com/recipes/reloaded-gold-cake/",
            line: "1 cup cake flour", quantity: "1", unit: "cup", name: "cake flour", note: ""),
        Row(
            source: "https://altonbrown.com/recipes/reloaded-gold-cake/",
            line: "1 tablespoon baking powder", quantity: "1", unit: "tbsp", name: "baking powder", note: ""),
        Row(
            source: "https://altonbrown.com/recipes/reloaded-gold-cake/",
            line: "1 1/2 cups plus 3 tablespoons sugar", quantity: "1.5", unit: "cup", name: "sugar", note: "plus 3 tablespoons"),
        Row(
            source: "https://altonbrown.com/recipes/reloaded-gold-cake/",
            line: "1/4 teaspoon fine sea salt", quantity: "0.25", unit: "tsp", name: "fine sea salt", note: ""),
        Row(
            source: "https://altonbrown.com/recipes/reloaded-gold-cake/",
            line: "8 large egg yolks, at room temperature", quantity: "8", unit: nil, name: "egg yolks", note: "large; at room temperature"),
        Row(
            source: "https://altonbrown.com/recipes/reloaded-gold-cake/",
            line: "1 1/4 cups whole milk, at room temperature", quantity: "1.25", unit: "cup", name: "whole milk", note: "at room temperature"),
        Row(
            source: "https://altonbrown.com/recipes/reloaded-gold-cake/",
            line: "1 teaspoon vanilla extract", quantity: "1", unit: "tsp", name: "vanilla extract", note: ""),
        Row(
            source: "https://www.acouplecooks.com/garlic-butter-shrimp/",
            line: "1 pound large shrimp, deveined (peeled or unpeeled)", quantity: "1", unit: "lb", name: "shrimp",
            note: "large; deveined (peeled or unpeeled)"),
        Row(
            source: "https://www.acouplecooks.com/garlic-butter-shrimp/",
            line: "3 garlic cloves", quantity: "3", unit: nil, name: "garlic cloves", note: ""),
        Row(
            source: "https://www.acouplecooks.com/garlic-butter-shrimp/",
            line: "1/2 teaspoon kosher salt", quantity: "0.5", unit: "tsp", name: "kosher salt", note: ""),
        Row(
            source: "https://www.acouplecooks.com/garlic-butter-shrimp/",
            line: "3 tablespoons butter", quantity: "3", unit: "tbsp", name: "butter", note: ""),
        Row(
            source: "https://www.acouplecooks.com/garlic-butter-shrimp/",
            line: "2 lemon wedges", quantity: "2", unit: nil, name: "lemon wedges", note: ""),
        Row(
            source: "https://www.acouplecooks.com/garlic-butter-shrimp/",
            line: "Fresh cilantro or parsley, for garnish", quantity: nil, unit: nil, name: "Fresh cilantro or parsley", note: "for garnish"),
    ]
}
