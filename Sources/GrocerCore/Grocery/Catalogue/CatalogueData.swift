// The catalogue that ships with grocer (issue 33), read by
// `GroceryCatalogue`: one grocery a line, `kind;English;German;French;Spanish`,
// each language's names (singular, plural, other usual words) separated by
// `|`. A new grocery is a new line; a word two languages use for
// different things is answered in the person's language.

enum CatalogueData {
    static let text = """
        produce;apple|apples;Apfel|Äpfel;pomme|pommes;manzana|manzanas
        produce;banana|bananas;Banane|Bananen;banane|bananes;plátano|plátanos|banana|bananas
        produce;orange|oranges;Orange|Orangen|Apfelsine|Apfelsinen;orange|oranges;naranja|naranjas
        produce;lemon|lemons;Zitrone|Zitronen;citron|citrons;limón|limones
        produce;lime|limes;Limette|Limetten;citron vert|citrons verts;lima|limas
        produce;pear|pears;Birne|Birnen;poire|poires;pera|peras
        produce;peach|peaches;Pfirsich|Pfirsiche;pêche|pêches;melocotón|melocotones
        produce;nectarine|nectarines;Nektarine|Nektarinen;nectarine|nectarines;nectarina|nectarinas
        produce;plum|plums;Pflaume|Pflaumen|Zwetschge|Zwetschgen;prune|prunes;ciruela|ciruelas
        produce;apricot|apricots;Aprikose|Aprikosen;abricot|abricots;albaricoque|albaricoques
        produce;cherry|cherries;Kirsche|Kirschen;cerise|cerises;cereza|cerezas
        produce;grape|grapes;Weintraube|Weintrauben|Trauben;raisin|raisins;uva|uvas
        produce;strawberry|strawberries;Erdbeere|Erdbeeren;fraise|fraises;fresa|fresas
        produce;raspberry|raspberries;Himbeere|Himbeeren;framboise|framboises;frambuesa|frambuesas
        produce;blueberry|blueberries;Heidelbeere|Heidelbeeren|Blaubeere|Blaubeeren;myrtille|myrtilles;arándano|arándanos
        produce;blackberry|blackberries;Brombeere|Brombeeren;mûre|mûres;mora|moras
        produce;kiwi|kiwis;Kiwi|Kiwis;kiwi|kiwis;kiwi|kiwis
        produce;mango|mangoes|mangos;Mango|Mangos;mangue|mangues;mango|mangos
        produce;pineapple|pineapples;Ananas;ananas;piña|piñas
        produce;melon|melons;Melone|Melonen;melon|melons;melón|melones
        produce;watermelon|watermelons;Wassermelone|Wassermelonen;pastèque|pastèques;sandía|sandías
        produce;avocado|avocados;Avocado|Avocados;avocat|avocats;aguacate|aguacates
        produce;grapefruit|grapefruits;Grapefruit|Grapefruits;pamplemousse|pamplemousses;pomelo|pomelos
        produce;fig|figs;Feige|Feigen;figue|figues;higo|higos
        produce;pomegranate|pomegranates;Granatapfel|Granatäpfel;grenade|grenades;granada|granadas
        produce;coconut|coconuts;Kokosnuss|Kokosnüsse;noix de coco;coco|cocos
        produce;rhubarb;Rhabarber;rhubarbe;ruibarbo
        produce;tomato|tomatoes;Tomate|Tomaten;tomate|tomates;tomate|tomates
        produce;cherry tomato|cherry tomatoes;Cherrytomate|Cherrytomaten|Kirschtomate|Kirschtomaten;tomate cerise|tomates cerises;tomate cherry|tomates cherry
        produce;cucumber|cucumbers;Gurke|Gurken|Salatgurke|Salatgurken;concombre|concombres;pepino|pepinos
        produce;potato|potatoes;Kartoffel|Kartoffeln;pomme de terre|pommes de terre;patata|patatas|papa|papas
        produce;sweet potato|sweet potatoes;Süßkartoffel|Süßkartoffeln;patate douce|patates douces;boniato|boniatos|batata|batatas
        produce;onion|onions;Zwiebel|Zwiebeln;oignon|oignons;cebolla|cebollas
        produce;red onion|red onions;rote Zwiebel|rote Zwiebeln;oignon rouge|oignons rouges;cebolla morada|cebollas moradas
        produce;spring onion|spring onions|scallion|scallions|green onion|green onions;Frühlingszwiebel|Frühlingszwiebeln;oignon nouveau|oignons nouveaux|oignon vert|oignons verts;cebolleta|cebolletas
        produce;garlic;Knoblauch;ail;ajo|ajos
        produce;shallot|shallots;Schalotte|Schalotten;échalote|échalotes;chalota|chalotas
        produce;leek|leeks;Lauch|Porree;poireau|poireaux;puerro|puerros
        produce;carrot|carrots;Karotte|Karotten|Möhre|Möhren;carotte|carottes;zanahoria|zanahorias
        produce;celery;Stangensellerie|Staudensellerie;céleri|céleri branche;apio
        produce;celeriac;Knollensellerie|Sellerie;céleri-rave;apionabo
        produce;bell pepper|bell peppers|peppers|red pepper|red peppers;Paprika|Paprikaschote|Paprikaschoten;poivron|poivrons;pimiento|pimientos
        produce;chili|chilies|chilli|chillies|chili pepper|chili peppers;Chili|Chilis|Chilischote|Chilischoten;piment|piments;guindilla|guindillas|chile|chiles
        produce;zucchini|courgette|courgettes;Zucchini|Zucchino;courgette|courgettes;calabacín|calabacines
        produce;eggplant|eggplants|aubergine|aubergines;Aubergine|Auberginen;aubergine|aubergines;berenjena|berenjenas
        produce;pumpkin|pumpkins|squash|butternut squash;Kürbis|Kürbisse;potiron|potirons|courge|courges|citrouille;calabaza|calabazas
        produce;broccoli;Brokkoli;brocoli|brocolis;brócoli|brécol
        produce;cauliflower|cauliflowers;Blumenkohl;chou-fleur|choux-fleurs;coliflor|coliflores
        produce;cabbage|cabbages;Kohl|Weißkohl;chou|choux|chou blanc;col|coles|repollo
        produce;red cabbage;Rotkohl|Blaukraut;chou rouge;lombarda|col lombarda
        produce;brussels sprout|brussels sprouts;Rosenkohl;chou de Bruxelles|choux de Bruxelles;col de Bruselas|coles de Bruselas
        produce;kale;Grünkohl;chou kale;col rizada|kale
        produce;spinach;Spinat|Blattspinat;épinard|épinards;espinaca|espinacas
        produce;lettuce|lettuces|iceberg lettuce;Kopfsalat|Eisbergsalat|Blattsalat;laitue|laitues|salade verte;lechuga|lechugas
        produce;rocket|arugula;Rucola;roquette;rúcula
        produce;mushroom|mushrooms;Pilz|Pilze|Champignon|Champignons;champignon|champignons;champiñón|champiñones|seta|setas
        produce;corn on the cob;Maiskolben;épi de maïs|épis de maïs;mazorca|mazorcas
        produce;green bean|green beans;grüne Bohne|grüne Bohnen|Brechbohnen;haricot vert|haricots verts;judía verde|judías verdes
        produce;asparagus;Spargel;asperge|asperges;espárrago|espárragos
        produce;radish|radishes;Radieschen|Rettich;radis;rábano|rábanos
        produce;beetroot|beetroots|beet|beets;Rote Bete|Rote Beete;betterave|betteraves;remolacha|remolachas
        produce;fennel;Fenchel;fenouil;hinojo
        produce;ginger;Ingwer;gingembre;jengibre
        produce;parsley;Petersilie;persil;perejil
        produce;basil;Basilikum;basilic;albahaca
        produce;coriander|cilantro;Koriander;coriandre;cilantro
        produce;mint;Minze;menthe;menta|hierbabuena
        produce;chives;Schnittlauch;ciboulette;cebollino
        produce;dill;Dill;aneth;eneldo
        produce;rosemary;Rosmarin;romarin;romero
        produce;fresh herbs;frische Kräuter;herbes fraîches;hierbas frescas
        produce;salad;Salat;salade|salades;ensalada
        produce;artichoke|artichokes;Artischocke|Artischocken;artichaut|artichauts;alcachofa|alcachofas
        produce;sprouts|bean sprouts;Sprossen|Mungobohnensprossen;pousses|germes de soja;brotes|brotes de soja
        produce;turnip|turnips;Rübe|Rüben|Steckrübe;navet|navets;nabo|nabos
        produce;parsnip|parsnips;Pastinake|Pastinaken;panais;chirivía|chirivías
        produce;kohlrabi;Kohlrabi;chou-rave;colinabo
        dairy;milk;Milch;lait;leche
        dairy;whole milk;Vollmilch;lait entier;leche entera
        dairy;semi-skimmed milk|low-fat milk;fettarme Milch;lait demi-écrémé;leche semidesnatada
        dairy;skimmed milk|skim milk;Magermilch;lait écrémé;leche desnatada
        dairy;butter;Butter;beurre;mantequilla
        dairy;cheese|cheeses;Käse;fromage|fromages;queso|quesos
        dairy;cheddar;Cheddar;cheddar;queso cheddar
        dairy;parmesan;Parmesan;parmesan;parmesano|queso parmesano
        dairy;mozzarella;Mozzarella;mozzarella;mozzarella
        dairy;feta;Feta|Schafskäse;feta;queso feta
        dairy;gouda;Gouda;gouda;queso gouda
        dairy;emmental|swiss cheese;Emmentaler;emmental;emmental
        dairy;goat cheese|goat's cheese;Ziegenkäse;fromage de chèvre|chèvre;queso de cabra
        dairy;cream cheese;Frischkäse;fromage à tartiner;queso crema|queso para untar
        dairy;cottage cheese;Hüttenkäse;cottage cheese|fromage cottage;requesón
        dairy;quark;Quark|Magerquark;fromage blanc;queso quark
        dairy;yogurt|yogurts|yoghurt|yoghurts;Joghurt|Joghurts;yaourt|yaourts|yogourt;yogur|yogures
        dairy;greek yogurt|greek yoghurt;griechischer Joghurt;yaourt grec;yogur griego
        dairy;cream;Sahne;crème;nata
        dairy;whipping cream|heavy cream|double cream;Schlagsahne;crème liquide|crème entière;nata para montar
        dairy;sour cream;saure Sahne|Schmand;crème aigre;nata agria
        dairy;crème fraîche;Crème fraîche;crème fraîche;crème fraîche
        dairy;egg|eggs;Ei|Eier;œuf|œufs|oeuf|oeufs;huevo|huevos
        dairy;margarine;Margarine;margarine;margarina
        dairy;buttermilk;Buttermilch;babeurre|lait ribot;suero de leche
        dairy;kefir;Kefir;kéfir;kéfir
        dairy;mascarpone;Mascarpone;mascarpone;mascarpone
        dairy;ricotta;Ricotta;ricotta;ricota
        dairy;oat milk;Hafermilch|Haferdrink;lait d'avoine|boisson à l'avoine;leche de avena|bebida de avena
        dairy;soy milk|soya milk;Sojamilch|Sojadrink;lait de soja;leche de soja|bebida de soja
        dairy;almond milk;Mandelmilch|Mandeldrink;lait d'amande;leche de almendras
        dairy;tofu;Tofu;tofu;tofu
        dairy;pudding|custard;Pudding|Vanillepudding;crème dessert|crème anglaise;natillas
        dairy;puff pastry;Blätterteig;pâte feuilletée;hojaldre|masa de hojaldre
        dairy;pizza dough;Pizzateig;pâte à pizza;masa de pizza
        bakery;bread|breads|loaf;Brot|Brote;pain|pains;pan|panes
        bakery;bread roll|bread rolls|roll|rolls;Brötchen|Semmel|Semmeln;petit pain|petits pains;panecillo|panecillos
        bakery;baguette|baguettes;Baguette|Baguettes;baguette|baguettes;baguette|baguettes|barra de pan
        bakery;sliced bread|toast bread;Toastbrot|Toast;pain de mie;pan de molde
        bakery;croissant|croissants;Croissant|Croissants;croissant|croissants;cruasán|cruasanes|croissant
        bakery;bagel|bagels;Bagel|Bagels;bagel|bagels;bagel|bagels
        bakery;wrap|wraps|tortilla wraps|flour tortillas;Wrap|Wraps|Weizentortillas;wrap|wraps|galettes de blé;tortillas de trigo|wrap|wraps
        bakery;pita|pita bread;Pita|Fladenbrot;pain pita;pan de pita
        bakery;cake|cakes;Kuchen|Torte;gâteau|gâteaux;pastel|pasteles|tarta|tartas
        bakery;muffin|muffins;Muffin|Muffins;muffin|muffins;magdalena|magdalenas|muffin
        bakery;rye bread;Roggenbrot;pain de seigle;pan de centeno
        bakery;wholemeal bread|whole wheat bread;Vollkornbrot;pain complet;pan integral
        bakery;pretzel|pretzels;Brezel|Brezeln|Breze;bretzel|bretzels;pretzel|pretzels
        bakery;brioche;Brioche;brioche;brioche|pan brioche
        bakery;crispbread;Knäckebrot;pain suédois;pan crujiente|biscotes
        bakery;burger buns|hamburger buns;Burgerbrötchen;pain à burger|pains à burger;pan de hamburguesa|panes de hamburguesa
        bakery;sourdough bread|sourdough;Sauerteigbrot;pain au levain;pan de masa madre
        meat;chicken;Hähnchen|Huhn|Hühnchen;poulet;pollo
        meat;chicken breast|chicken breasts;Hähnchenbrust|Hähnchenbrustfilet;blanc de poulet|blancs de poulet;pechuga de pollo|pechugas de pollo
        meat;chicken thigh|chicken thighs;Hähnchenschenkel|Hähnchenkeule|Hähnchenkeulen;cuisse de poulet|cuisses de poulet;muslo de pollo|muslos de pollo
        meat;chicken wings;Hähnchenflügel|Chicken Wings;ailes de poulet;alitas de pollo
        meat;turkey;Pute|Truthahn|Putenbrust;dinde;pavo
        meat;beef;Rindfleisch|Rind;bœuf|boeuf;carne de vacuno|vacuno
        meat;ground beef|minced beef|mince|minced meat;Hackfleisch|Rinderhack|Hack;bœuf haché|boeuf haché|viande hachée;carne picada
        meat;steak|steaks;Steak|Steaks;steak|steaks|bifteck;filete|filetes|bistec|entrecot
        meat;pork;Schweinefleisch|Schwein;porc;cerdo
        meat;pork chop|pork chops;Schweinekotelett|Schweinekoteletts|Kotelett;côte de porc|côtes de porc;chuleta de cerdo|chuletas de cerdo
        meat;bacon;Speck|Bacon|Frühstücksspeck;lardons|bacon|lard;beicon|bacon|panceta
        meat;ham;Schinken|Kochschinken;jambon;jamón|jamón york
        meat;sausage|sausages;Wurst|Würstchen|Bratwurst;saucisse|saucisses;salchicha|salchichas
        meat;salami;Salami;salami|saucisson;salami|salchichón
        meat;chorizo;Chorizo;chorizo;chorizo
        meat;lamb;Lamm|Lammfleisch;agneau;cordero
        meat;veal;Kalbfleisch|Kalb;veau;ternera lechal
        meat;duck;Ente;canard;pato
        meat;meatballs;Fleischbällchen|Frikadellen|Hackbällchen;boulettes de viande;albóndigas
        meat;cold cuts|deli meat;Aufschnitt;charcuterie;embutido|fiambre
        meat;fish;Fisch;poisson|poissons;pescado
        meat;salmon;Lachs|Lachsfilet;saumon;salmón
        meat;cod;Kabeljau|Dorsch;cabillaud;bacalao
        meat;tuna steak;Thunfischsteak;steak de thon;filete de atún
        meat;trout;Forelle;truite;trucha
        meat;hake;Seehecht;merlu;merluza
        meat;sardines;Sardinen;sardines;sardinas
        meat;shrimp|shrimps|prawn|prawns;Garnele|Garnelen|Shrimps|Krabben;crevette|crevettes;gamba|gambas|langostino|langostinos
        meat;mussels;Miesmuscheln|Muscheln;moules;mejillones
        meat;squid;Tintenfisch|Kalmar;calamar|calamars;calamar|calamares
        meat;smoked salmon;Räucherlachs;saumon fumé;salmón ahumado
        frozen;frozen peas|peas;TK-Erbsen|Erbsen;petits pois|petits pois surgelés;guisantes|guisantes congelados
        frozen;ice cream;Eis|Speiseeis|Eiscreme;glace|glaces|crème glacée;helado|helados
        frozen;frozen pizza;Tiefkühlpizza|TK-Pizza;pizza surgelée;pizza congelada
        frozen;frozen vegetables;Tiefkühlgemüse|TK-Gemüse;légumes surgelés;verduras congeladas
        frozen;frozen berries;TK-Beeren|Tiefkühlbeeren;fruits rouges surgelés;frutos rojos congelados
        frozen;fish fingers|fish sticks;Fischstäbchen;bâtonnets de poisson|poisson pané;palitos de pescado|varitas de merluza
        frozen;french fries|fries|oven chips;Pommes frites|Backofen-Pommes;frites|frites surgelées;patatas fritas congeladas
        frozen;frozen spinach;TK-Spinat|Rahmspinat;épinards surgelés;espinacas congeladas
        frozen;ice cubes|ice;Eiswürfel;glaçons;cubitos de hielo|hielo
        frozen;frozen fish;TK-Fisch|Tiefkühlfisch;poisson surgelé;pescado congelado
        frozen;sorbet;Sorbet;sorbet;sorbete
        frozen;frozen prawns;TK-Garnelen;crevettes surgelées;gambas congeladas
        frozen;frozen chips;TK-Pommes;frites surgelées au four;patatas congeladas
        pantry;flour;Mehl|Weizenmehl;farine;harina
        pantry;sugar;Zucker;sucre;azúcar
        pantry;brown sugar;brauner Zucker|Rohrzucker;sucre roux|cassonade;azúcar moreno
        pantry;icing sugar|powdered sugar;Puderzucker;sucre glace;azúcar glas
        pantry;rice;Reis;riz;arroz
        pantry;basmati rice;Basmatireis;riz basmati;arroz basmati
        pantry;pasta;Nudeln|Pasta;pâtes;pasta
        pantry;spaghetti;Spaghetti;spaghetti|spaghettis;espaguetis
        pantry;penne|fusilli|macaroni;Penne|Fusilli|Makkaroni;penne|fusilli|macaronis;macarrones|penne
        pantry;lasagne sheets|lasagna sheets;Lasagneplatten;feuilles de lasagne;láminas de lasaña
        pantry;noodles|egg noodles|rice noodles;Eiernudeln|Reisnudeln|Mie-Nudeln;nouilles;fideos
        pantry;couscous;Couscous;couscous|semoule de couscous;cuscús
        pantry;quinoa;Quinoa;quinoa;quinoa
        pantry;oats|rolled oats|oatmeal|porridge oats;Haferflocken;flocons d'avoine;copos de avena|avena
        pantry;cereal|cereals|cornflakes;Frühstücksflocken|Cornflakes|Cerealien;céréales;cereales
        pantry;muesli|granola;Müsli|Granola;muesli|granola;muesli|granola
        pantry;olive oil;Olivenöl;huile d'olive;aceite de oliva
        pantry;oil|vegetable oil|sunflower oil|rapeseed oil;Öl|Sonnenblumenöl|Rapsöl|Pflanzenöl;huile|huile de tournesol|huile de colza;aceite|aceite de girasol
        pantry;vinegar;Essig;vinaigre;vinagre
        pantry;balsamic vinegar;Balsamico|Balsamessig;vinaigre balsamique;vinagre balsámico
        pantry;soy sauce;Sojasauce|Sojasoße;sauce soja;salsa de soja
        pantry;ketchup;Ketchup;ketchup;kétchup|ketchup
        pantry;mayonnaise|mayo;Mayonnaise|Mayo;mayonnaise;mayonesa
        pantry;mustard;Senf;moutarde;mostaza
        pantry;honey;Honig;miel;miel
        pantry;jam;Marmelade|Konfitüre;confiture;mermelada
        pantry;peanut butter;Erdnussbutter;beurre de cacahuète;crema de cacahuete
        pantry;chocolate spread;Nuss-Nougat-Creme|Schokoaufstrich;pâte à tartiner;crema de cacao
        pantry;canned tomatoes|chopped tomatoes|tinned tomatoes;Dosentomaten|gehackte Tomaten|geschälte Tomaten;tomates concassées|tomates en conserve|tomates pelées;tomate triturado|tomates en lata
        pantry;tomato paste|tomato purée|tomato puree;Tomatenmark;concentré de tomate;concentrado de tomate
        pantry;tomato sauce|passata;passierte Tomaten|Tomatensauce|Tomatensoße;coulis de tomate|sauce tomate;salsa de tomate|tomate frito
        pantry;beans|kidney beans|baked beans|black beans;Bohnen|Kidneybohnen|weiße Bohnen|schwarze Bohnen;haricots|haricots rouges|haricots blancs;alubias|judías|frijoles
        pantry;chickpeas;Kichererbsen;pois chiches;garbanzos
        pantry;lentils;Linsen;lentilles;lentejas
        pantry;tuna|canned tuna|tinned tuna;Thunfisch;thon;atún
        pantry;sweetcorn|corn|canned corn;Mais;maïs;maíz
        pantry;coconut milk;Kokosmilch;lait de coco;leche de coco
        pantry;stock|broth|bouillon|stock cubes;Brühe|Gemüsebrühe|Hühnerbrühe|Brühwürfel;bouillon|bouillon cube|cube de bouillon;caldo|pastillas de caldo
        pantry;baking powder;Backpulver;levure chimique;levadura química|polvo de hornear
        pantry;baking soda|bicarbonate of soda;Natron;bicarbonate|bicarbonate de soude;bicarbonato
        pantry;yeast|dry yeast;Hefe|Trockenhefe;levure|levure boulangère;levadura|levadura de panadería
        pantry;vanilla sugar|vanilla extract;Vanillezucker|Vanilleextrakt;sucre vanillé|extrait de vanille;azúcar avainillado|extracto de vainilla
        pantry;cocoa|cocoa powder;Kakao|Kakaopulver;cacao|cacao en poudre;cacao|cacao en polvo
        pantry;breadcrumbs;Paniermehl|Semmelbrösel;chapelure;pan rallado
        pantry;cornstarch|cornflour;Speisestärke|Maisstärke;maïzena|fécule de maïs;maicena
        pantry;nuts;Nüsse;fruits à coque;frutos secos
        pantry;almonds;Mandeln;amandes;almendras
        pantry;walnuts;Walnüsse;noix|cerneaux de noix;nueces
        pantry;hazelnuts;Haselnüsse;noisettes;avellanas
        pantry;cashews;Cashewkerne|Cashews;noix de cajou;anacardos
        pantry;raisins;Rosinen;raisins secs;pasas
        pantry;olives;Oliven;olives;aceitunas
        pantry;pickles|gherkins;Gewürzgurken|Essiggurken;cornichons;pepinillos
        pantry;capers;Kapern;câpres;alcaparras
        pantry;pesto;Pesto;pesto;pesto
        pantry;curry paste;Currypaste;pâte de curry;pasta de curry
        pantry;sesame seeds;Sesam;graines de sésame|sésame;sésamo
        pantry;sunflower seeds;Sonnenblumenkerne;graines de tournesol;pipas de girasol
        pantry;maple syrup;Ahornsirup;sirop d'érable;sirope de arce
        pantry;semolina;Grieß|Hartweizengrieß;semoule;sémola
        pantry;polenta;Polenta;polenta;polenta
        pantry;gnocchi;Gnocchi;gnocchi;ñoquis
        pantry;dark chocolate for baking|baking chocolate;Kuvertüre|Blockschokolade;chocolat pâtissier;chocolate para repostería
        pantry;gelatine|gelatin;Gelatine;gélatine;gelatina
        pantry;ground almonds;gemahlene Mandeln;poudre d'amande;almendra molida
        pantry;salad dressing;Salatdressing|Dressing;vinaigrette;aliño|vinagreta
        pantry;hot sauce|tabasco;scharfe Soße|Tabasco;sauce piquante|tabasco;salsa picante|tabasco
        pantry;barbecue sauce|bbq sauce;Barbecuesoße|Grillsoße;sauce barbecue;salsa barbacoa
        pantry;canned soup|soup;Dosensuppe|Suppe;soupe|soupe en conserve;sopa|sopa de sobre
        pantry;instant noodles;Instantnudeln;nouilles instantanées;fideos instantáneos
        pantry;flatbread mix|pancake mix;Pfannkuchenmischung;préparation pour crêpes;mezcla para tortitas
        spices;salt;Salz|Meersalz;sel|sel fin;sal
        spices;pepper|black pepper;Pfeffer|schwarzer Pfeffer;poivre|poivre noir;pimienta|pimienta negra
        spices;paprika|paprika powder|smoked paprika;Paprikapulver|Paprika edelsüß;paprika|piment doux;pimentón
        spices;cumin;Kreuzkümmel;cumin;comino
        spices;cinnamon;Zimt;cannelle;canela
        spices;nutmeg;Muskatnuss|Muskat;muscade|noix de muscade;nuez moscada
        spices;oregano;Oregano;origan;orégano
        spices;thyme;Thymian;thym;tomillo
        spices;bay leaves|bay leaf;Lorbeerblätter|Lorbeerblatt;feuilles de laurier|laurier;hojas de laurel|laurel
        spices;curry powder|curry;Currypulver|Curry;curry|poudre de curry;curry|curry en polvo
        spices;turmeric;Kurkuma;curcuma;cúrcuma
        spices;chili flakes|chili powder|chilli powder|cayenne;Chiliflocken|Chilipulver|Cayennepfeffer;piment en poudre|piment de Cayenne;chile en polvo|cayena
        spices;cloves;Nelken|Gewürznelken;clous de girofle;clavos|clavos de olor
        spices;cardamom;Kardamom;cardamome;cardamomo
        spices;vanilla pod|vanilla bean;Vanilleschote;gousse de vanille;vaina de vainilla
        spices;garlic powder;Knoblauchpulver|Knoblauchgranulat;ail en poudre;ajo en polvo
        spices;herbes de provence|mixed herbs|italian herbs;Kräuter der Provence|italienische Kräuter;herbes de Provence;hierbas provenzales
        spices;saffron;Safran;safran;azafrán
        spices;ginger powder|ground ginger;Ingwerpulver;gingembre en poudre;jengibre molido
        spices;allspice;Piment;piment de la Jamaïque;pimienta de Jamaica
        snacks;chocolate;Schokolade;chocolat;chocolate
        snacks;dark chocolate;Zartbitterschokolade;chocolat noir;chocolate negro
        snacks;crisps|potato chips|chips;Chips|Kartoffelchips;chips;patatas chips|patatas de bolsa
        snacks;tortilla chips|nachos;Tortillachips|Nachos;chips de maïs|tortilla chips;nachos
        snacks;biscuits|cookies;Kekse|Plätzchen;biscuits|gâteaux secs|cookies;galletas
        snacks;crackers;Cracker;crackers;galletas saladas|crackers
        snacks;popcorn;Popcorn;pop-corn|popcorn;palomitas
        snacks;sweets|candy;Süßigkeiten|Bonbons;bonbons|confiseries;golosinas|caramelos|chuches
        snacks;gummy bears;Gummibärchen|Fruchtgummi;oursons en gomme|bonbons gélifiés;ositos de goma|gominolas
        snacks;cereal bars|granola bars;Müsliriegel;barres de céréales;barritas de cereales
        snacks;pretzel sticks;Salzstangen;bâtonnets salés;palitos salados
        snacks;dried fruit;Trockenobst;fruits secs;fruta deshidratada
        snacks;chewing gum;Kaugummi;chewing-gum;chicle
        drinks;water|mineral water|sparkling water;Wasser|Mineralwasser|Sprudel;eau|eau minérale|eau gazeuse;agua|agua mineral|agua con gas
        drinks;juice|orange juice|apple juice;Saft|Orangensaft|Apfelsaft;jus|jus d'orange|jus de pomme;zumo|zumo de naranja|jugo|jugo de naranja
        drinks;coffee|coffee beans|ground coffee;Kaffee|Kaffeebohnen|gemahlener Kaffee;café|café moulu|café en grains;café|café molido|café en grano
        drinks;tea|green tea|black tea;Tee|grüner Tee|schwarzer Tee;thé|thé vert|thé noir;té|té verde|té negro
        drinks;herbal tea;Kräutertee;tisane|infusion;infusión|infusiones
        drinks;beer;Bier;bière|bières;cerveza|cervezas
        drinks;wine|red wine|white wine;Wein|Rotwein|Weißwein;vin|vin rouge|vin blanc;vino|vino tinto|vino blanco
        drinks;lemonade;Limonade|Limo;limonade;limonada
        drinks;cola;Cola;coca|cola;refresco de cola|cola
        drinks;soda|soft drinks|fizzy drinks;Erfrischungsgetränke|Softdrinks;soda|sodas|boissons gazeuses;refresco|refrescos
        drinks;sparkling wine|prosecco|champagne|cava;Sekt|Prosecco|Champagner;mousseux|crémant|champagne;cava|champán
        drinks;spirits|gin|vodka|rum|whisky;Spirituosen|Gin|Wodka|Rum|Whisky;spiritueux|gin|vodka|rhum|whisky;licores|ginebra|vodka|ron|whisky
        drinks;tonic water;Tonic Water|Tonic;tonic|eau tonique;tónica
        drinks;iced tea;Eistee;thé glacé;té helado
        drinks;energy drink|energy drinks;Energydrink|Energydrinks;boisson énergisante;bebida energética
        drinks;hot chocolate;heiße Schokolade|Trinkschokolade;chocolat en poudre|chocolat chaud;cacao soluble|chocolate a la taza
        drinks;cider;Cidre|Apfelwein;cidre;sidra
        household;toilet paper|toilet roll;Toilettenpapier|Klopapier;papier toilette;papel higiénico
        household;kitchen roll|paper towels;Küchenrolle|Küchenpapier;essuie-tout;papel de cocina
        household;dish soap|washing-up liquid;Spülmittel;liquide vaisselle;lavavajillas|jabón de platos
        household;dishwasher tablets;Spülmaschinentabs|Geschirrspültabs;tablettes lave-vaisselle;pastillas lavavajillas
        household;laundry detergent|washing powder;Waschmittel;lessive;detergente
        household;fabric softener;Weichspüler;adoucissant;suavizante
        household;bin bags|trash bags|garbage bags;Müllbeutel|Müllsäcke;sacs poubelle;bolsas de basura
        household;aluminium foil|aluminum foil|tin foil;Alufolie;papier aluminium|papier alu;papel de aluminio|papel albal
        household;cling film|plastic wrap;Frischhaltefolie;film alimentaire;papel film
        household;baking paper|parchment paper;Backpapier;papier cuisson;papel de horno|papel vegetal
        household;sponges|sponge;Schwämme|Schwamm;éponges|éponge;estropajos|esponjas
        household;cleaner|all-purpose cleaner;Allzweckreiniger|Reiniger;nettoyant|nettoyant multi-usage;limpiador|limpiador multiusos
        household;bleach;Chlorreiniger|Bleichmittel;eau de Javel|javel;lejía
        household;batteries;Batterien;piles;pilas
        household;light bulbs|light bulb;Glühbirnen|Glühbirne|Leuchtmittel;ampoules|ampoule;bombillas|bombilla
        household;napkins;Servietten;serviettes en papier;servilletas
        household;tissues;Taschentücher;mouchoirs;pañuelos|pañuelos de papel
        household;candles;Kerzen;bougies;velas
        household;matches;Streichhölzer;allumettes;cerillas
        household;freezer bags;Gefrierbeutel;sacs congélation;bolsas de congelación
        household;cat food;Katzenfutter;nourriture pour chat|croquettes pour chat;comida para gatos
        household;dog food;Hundefutter;nourriture pour chien|croquettes pour chien;comida para perros
        household;cat litter;Katzenstreu;litière;arena para gatos
        household;dishcloths;Spültücher|Geschirrtücher;torchons|lavettes;bayetas|paños de cocina
        care;toothpaste;Zahnpasta|Zahncreme;dentifrice;pasta de dientes|dentífrico
        care;toothbrush|toothbrushes;Zahnbürste|Zahnbürsten;brosse à dents|brosses à dents;cepillo de dientes|cepillos de dientes
        care;shampoo;Shampoo;shampooing|shampoing;champú
        care;conditioner;Spülung|Haarspülung;après-shampooing;acondicionador
        care;shower gel;Duschgel;gel douche;gel de ducha
        care;soap|hand soap;Seife|Handseife;savon;jabón|jabón de manos
        care;deodorant;Deo|Deodorant;déodorant;desodorante
        care;razor blades|razors;Rasierklingen|Rasierer;lames de rasoir|rasoirs;cuchillas de afeitar|maquinillas
        care;sunscreen|sun cream;Sonnencreme;crème solaire;protector solar|crema solar
        care;cotton pads;Wattepads;cotons|disques de coton;discos de algodón
        care;cotton buds;Wattestäbchen;cotons-tiges;bastoncillos
        care;nappies|diapers;Windeln;couches;pañales
        care;baby wipes|wet wipes;Feuchttücher;lingettes;toallitas
        care;tampons;Tampons;tampons;tampones
        care;sanitary pads|pads;Binden|Damenbinden;serviettes hygiéniques;compresas
        care;hand cream;Handcreme;crème pour les mains;crema de manos
        care;dental floss;Zahnseide;fil dentaire;hilo dental
        care;plasters|band-aids;Pflaster;pansements;tiritas
        care;mouthwash;Mundspülung;bain de bouche;enjuague bucal
        care;body lotion;Bodylotion|Körperlotion;lait corporel;loción corporal
        """
}
