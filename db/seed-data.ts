// The fixed name lists the seed draws from: spec enumerations, customers, products, people, locations.
// Kept apart from db/seed.ts so the generator reads as rules, not as a wall of strings.
// The spec's enumerations (order types, payment options) come from the app's own constants, so the seed
// and the screens never drift apart.
import { PAID_VARIANTS, PAYMENT_FALLBACK, PAYMENT_OPTIONS, type OrderType } from "../app/domain/orders/constants";
import { PAYMENT_ISSUE_STATUSES } from "../app/domain/tasks/rules";
import { barcodeKey, gs1CheckDigit } from "../app/domain/picking/barcodes";

/**
 * Every order status the spec shows: the legacy numbered ones of spec 000 §4 and the per-type options and
 * the automated 'Pending Payment' of spec 001 §4. Grouped by how far along an order is, which the seed
 * uses to make old orders mostly closed and today's mostly open.
 */
export const STATUS_GROUPS = {
  early: ["Pending Assignment", "Pending Payment", "5. Received", "Picking", "4. In Progress"],
  late: ["Picked", "Pending BL", "Pickup Pending", "3. Waiting for Truck/Pick Up", "Out for Delivery", "2. Shipped/Picked Up", "VL"],
  closed: ["1. Delivered/Released", "01. Released", "Order Delivered", "Delivered", "Complete", "Delivered/Complete"],
  cancelled: ["CANCELLED", "Cancelled"],
} as const;

export const ORDER_STATUSES: readonly string[] = Object.values(STATUS_GROUPS).flat();

/** Statuses that exist only for some order types (spec 001 §4 "Status options per order type"). */
export const TYPE_ONLY_STATUSES: Record<string, (type: string) => boolean> = {
  "Pending BL": (t) => t === "Freight",
  Delivered: (t) => t === "Freight",
  Complete: (t) => t === "Will Call",
  "Pickup Pending": (t) => t === "Freight" || t === "Will Call" || t.endsWith(" Delivery"),
  "Out for Delivery": (t) => t.endsWith(" Delivery"),
  "Delivered/Complete": (t) => t.endsWith(" Delivery"),
};

/**
 * Payment statuses of spec 001 §9 (with 'Paid' spelled as its variants), the 'N/A' fallback and the issue
 * values of spec 000 §4. The order is fixed: the seed spreads forced payments by position.
 */
export const PAYMENT_STATUSES: readonly string[] = [
  ...PAYMENT_OPTIONS.flatMap((p): readonly string[] => (p === "Paid" ? PAID_VARIANTS : [p])),
  PAYMENT_FALLBACK,
  ...PAYMENT_ISSUE_STATUSES,
];

export const PENDING_PAYMENTS = ["Payment Pending", "Cash On Delivery", "Waiting for Payment", "New Customer- Check Pending", "N/A"] as const;

export const TRUCKING_COMPANIES = ["American Logistics", "Estes", "RIST", "EDL"] as const;
/** Values a user typed after choosing 'Other' in the trucking step. */
export const OTHER_TRUCKING = ["Roadrunner Freight", "Old Dominion", "XPO Logistics", "Saia LTL"] as const;

export type Region = "NYNJ" | "VA" | "TX" | "LA" | "SD" | "SAC" | "OAK" | "CO" | "FL";

export type SeedCustomer = { name: string; street: string; street2?: string; city: string; state: string; zip: string; region: Region };

export const CUSTOMERS: SeedCustomer[] = [
  { name: "Golden Dragon Restaurant", street: "145 Mott St", city: "New York", state: "NY", zip: "10013", region: "NYNJ" },
  { name: "Jade Garden Market", street: "38-12 Main St", city: "Flushing", state: "NY", zip: "11354", region: "NYNJ" },
  { name: "Sakura Sushi Bar", street: "210 Smith St", city: "Brooklyn", state: "NY", zip: "11201", region: "NYNJ" },
  { name: "Bombay Spice Grocers", street: "74-09 37th Ave", city: "Jackson Heights", state: "NY", zip: "11372", region: "NYNJ" },
  { name: "Seoul Food Mart", street: "321 Broad Ave", city: "Palisades Park", state: "NJ", zip: "07650", region: "NYNJ" },
  { name: "Little Saigon Pho House", street: "87 Bayard St", city: "New York", state: "NY", zip: "10013", region: "NYNJ" },
  { name: "Bay Ridge Halal Meats & Grocery", street: "6812 5th Ave", city: "Brooklyn", state: "NY", zip: "11220", region: "NYNJ" },
  { name: "Long Island Asian Foods", street: "250 Old Country Rd", city: "Hicksville", state: "NY", zip: "11801", region: "NYNJ" },
  { name: "Mehta Brothers Grocery", street: "1340 Oak Tree Rd", city: "Iselin", state: "NJ", zip: "08830", region: "NYNJ" },
  { name: "Harbor Fish & Rice Co.", street: "55 Water St", street2: "Suite 4", city: "Jersey City", state: "NJ", zip: "07302", region: "NYNJ" },
  { name: "Casa Caribe Supermarket", street: "1520 Westchester Ave", city: "Bronx", state: "NY", zip: "10472", region: "NYNJ" },
  { name: "Lotus Thai Kitchen", street: "410 Amsterdam Ave", city: "New York", state: "NY", zip: "10024", region: "NYNJ" },
  { name: "Empire Restaurant Supply", street: "900 Grand Blvd", street2: "Unit B", city: "Deer Park", state: "NY", zip: "11729", region: "NYNJ" },
  { name: "Hudson Valley Food Distributors", street: "18 Industrial Dr", city: "Newburgh", state: "NY", zip: "12550", region: "NYNJ" },
  { name: "Garden State Produce & Grains", street: "77 Route 17 South", city: "Paramus", state: "NJ", zip: "07652", region: "NYNJ" },
  { name: "Taj Mahal Banquet Hall", street: "2110 Hillside Ave", city: "New Hyde Park", state: "NY", zip: "11040", region: "NYNJ" },
  { name: "Nonna's Risotto Trattoria", street: "188 Arthur Ave", city: "Bronx", state: "NY", zip: "10458", region: "NYNJ" },
  { name: "Queens Dim Sum Palace", street: "136-20 Roosevelt Ave", city: "Flushing", state: "NY", zip: "11354", region: "NYNJ" },
  { name: "Astoria Mediterranean Market", street: "30-15 Steinway St", city: "Astoria", state: "NY", zip: "11103", region: "NYNJ" },
  { name: "Newark Bay Wholesale Foods", street: "400 Doremus Ave", city: "Newark", state: "NJ", zip: "07105", region: "NYNJ" },
  { name: "Potomac Asian Market", street: "6795 Wilson Blvd", city: "Falls Church", state: "VA", zip: "22044", region: "VA" },
  { name: "Saigon Village Restaurant", street: "3101 W Broad St", city: "Richmond", state: "VA", zip: "23230", region: "VA" },
  { name: "Annandale Korean BBQ", street: "4215 Markham St", city: "Annandale", state: "VA", zip: "22003", region: "VA" },
  { name: "Chesapeake Seafood & Rice", street: "1210 Laskin Rd", city: "Virginia Beach", state: "VA", zip: "23451", region: "VA" },
  { name: "Dulles Halal Grocery", street: "45915 Maries Rd", street2: "Suite 120", city: "Sterling", state: "VA", zip: "20166", region: "VA" },
  { name: "Shenandoah Foodservice", street: "220 Pleasant Valley Rd", city: "Winchester", state: "VA", zip: "22601", region: "VA" },
  { name: "Bellaire Boulevard Grocers", street: "9896 Bellaire Blvd", city: "Houston", state: "TX", zip: "77036", region: "TX" },
  { name: "Lone Star Restaurant Supply", street: "2150 Irving Blvd", city: "Dallas", state: "TX", zip: "75207", region: "TX" },
  { name: "Pho Saigon Kitchen", street: "11209 Bellaire Blvd", city: "Houston", state: "TX", zip: "77072", region: "TX" },
  { name: "Austin Curry House", street: "5400 N Lamar Blvd", city: "Austin", state: "TX", zip: "78751", region: "TX" },
  { name: "Alamo Rice & Beans Co.", street: "1719 Frio City Rd", city: "San Antonio", state: "TX", zip: "78226", region: "TX" },
  { name: "Harwin Wholesale Imports", street: "7500 Harwin Dr", street2: "Suite 210", city: "Houston", state: "TX", zip: "77036", region: "TX" },
  { name: "Koreatown Plaza Market", street: "928 S Western Ave", city: "Los Angeles", state: "CA", zip: "90006", region: "LA" },
  { name: "Little Tokyo Rice Shop", street: "123 Onizuka St", city: "Los Angeles", state: "CA", zip: "90012", region: "LA" },
  { name: "San Gabriel Noodle House", street: "140 W Valley Blvd", city: "San Gabriel", state: "CA", zip: "91776", region: "LA" },
  { name: "Artesia India Bazaar", street: "18525 Pioneer Blvd", city: "Artesia", state: "CA", zip: "90701", region: "LA" },
  { name: "Pacific Rim Foodservice", street: "2400 E 8th St", city: "Los Angeles", state: "CA", zip: "90021", region: "LA" },
  { name: "Westminster Pho & Grill", street: "9200 Bolsa Ave", city: "Westminster", state: "CA", zip: "92683", region: "LA" },
  { name: "Convoy Street Market", street: "4690 Convoy St", city: "San Diego", state: "CA", zip: "92111", region: "SD" },
  { name: "Mira Mesa Sushi Co.", street: "8250 Mira Mesa Blvd", city: "San Diego", state: "CA", zip: "92126", region: "SD" },
  { name: "Otay Mesa Food Distributors", street: "2340 Paseo de las Americas", city: "San Diego", state: "CA", zip: "92154", region: "SD" },
  { name: "Gaslamp Thai Bistro", street: "540 Fifth Ave", city: "San Diego", state: "CA", zip: "92101", region: "SD" },
  { name: "Stockton Blvd Asian Foods", street: "5700 Stockton Blvd", city: "Sacramento", state: "CA", zip: "95824", region: "SAC" },
  { name: "Capitol Curry & Kabob", street: "1530 J St", city: "Sacramento", state: "CA", zip: "95814", region: "SAC" },
  { name: "Valley Restaurant Depot", street: "3201 Power Inn Rd", city: "Sacramento", state: "CA", zip: "95826", region: "SAC" },
  { name: "Elk Grove Filipino Market", street: "8533 Bond Rd", city: "Elk Grove", state: "CA", zip: "95624", region: "SAC" },
  { name: "Chinatown Oakland Grocery", street: "388 9th St", city: "Oakland", state: "CA", zip: "94607", region: "OAK" },
  { name: "Fruitvale Mercado", street: "3340 International Blvd", city: "Oakland", state: "CA", zip: "94601", region: "OAK" },
  { name: "Berkeley Bento Kitchen", street: "2120 Shattuck Ave", city: "Berkeley", state: "CA", zip: "94704", region: "OAK" },
  { name: "East Bay Restaurant Supply", street: "1250 Embarcadero", city: "Oakland", state: "CA", zip: "94606", region: "OAK" },
  { name: "Federal Blvd Asian Market", street: "1001 S Federal Blvd", city: "Denver", state: "CO", zip: "80219", region: "CO" },
  { name: "Aurora Global Foods", street: "10700 E Colfax Ave", city: "Aurora", state: "CO", zip: "80010", region: "CO" },
  { name: "Boulder Sushi & Ramen", street: "1600 Pearl St", city: "Boulder", state: "CO", zip: "80302", region: "CO" },
  { name: "Rocky Mountain Foodservice", street: "5000 Joliet St", city: "Denver", state: "CO", zip: "80239", region: "CO" },
  { name: "Miami Caribbean Grocers", street: "2750 NW 7th Ave", city: "Miami", state: "FL", zip: "33127", region: "FL" },
  { name: "Orlando Oriental Market", street: "1214 E Colonial Dr", city: "Orlando", state: "FL", zip: "32803", region: "FL" },
  { name: "Tampa Bay Rice Traders", street: "4802 N Florida Ave", city: "Tampa", state: "FL", zip: "33603", region: "FL" },
  { name: "Doral Latin Foods Distributor", street: "8200 NW 33rd St", street2: "Suite 300", city: "Doral", state: "FL", zip: "33122", region: "FL" },
  { name: "Buford Highway Farmers Market", street: "5600 Buford Hwy NE", city: "Doraville", state: "GA", zip: "30340", region: "FL" },
  { name: "Jacksonville Soul Kitchen", street: "1435 Kings Rd", city: "Jacksonville", state: "FL", zip: "32209", region: "FL" },
];

/** Which order types a customer in each region gets, with weights. */
export const REGION_ORDER_TYPES: Record<Region, [OrderType, number][]> = {
  NYNJ: [["NY/NJ Delivery", 0.6], ["Will Call", 0.25], ["Freight", 0.15]],
  VA: [["VA Delivery", 0.8], ["Freight", 0.2]],
  TX: [["TX Delivery", 0.75], ["Freight", 0.25]],
  LA: [["LAX Delivery", 0.8], ["Freight", 0.2]],
  SD: [["SD Delivery", 0.85], ["Freight", 0.15]],
  SAC: [["SAC Delivery", 0.85], ["Freight", 0.15]],
  OAK: [["OAK Delivery", 0.85], ["Freight", 0.15]],
  CO: [["CO Delivery", 0.75], ["Freight", 0.25]],
  FL: [["Freight", 0.75], ["Will Call", 0.25]],
};

/** Which warehouse ships to each region, with weights. */
export const REGION_LOCATIONS: Record<Region, [string, number][]> = {
  NYNJ: [["NY-MAIN", 0.65], ["NJ-WH", 0.35]],
  VA: [["NY-MAIN", 0.5], ["NJ-WH", 0.5]],
  TX: [["FL-DIST", 0.8], ["NY-MAIN", 0.2]],
  FL: [["FL-DIST", 0.8], ["NY-MAIN", 0.2]],
  LA: [["NJ-WH", 0.5], ["FL-DIST", 0.3], ["NY-MAIN", 0.2]],
  SD: [["NJ-WH", 0.5], ["FL-DIST", 0.3], ["NY-MAIN", 0.2]],
  SAC: [["NJ-WH", 0.5], ["FL-DIST", 0.3], ["NY-MAIN", 0.2]],
  OAK: [["NJ-WH", 0.5], ["FL-DIST", 0.3], ["NY-MAIN", 0.2]],
  CO: [["NJ-WH", 0.5], ["FL-DIST", 0.3], ["NY-MAIN", 0.2]],
};

export type SeedProduct = { sku: string; description: string; priceCents: number; bulk: boolean; image?: boolean };

/** The catalogue: rice first, then pantry goods. `bulk` items sell by the bag in larger quantities. */
export const PRODUCTS: SeedProduct[] = [
  { sku: "JAS-10", description: "Jasmine Rice 10 lb", priceCents: 1450, bulk: true },
  { sku: "JAS-25", description: "Jasmine Rice 25 lb", priceCents: 3295, bulk: true, image: true },
  { sku: "JAS-50", description: "Jasmine Rice 50 lb", priceCents: 5990, bulk: true, image: true },
  { sku: "JBR-25", description: "Jasmine Brown Rice 25 lb", priceCents: 3650, bulk: true },
  { sku: "BAS-10", description: "Basmati Rice 10 lb", priceCents: 1895, bulk: true, image: true },
  { sku: "BAS-20", description: "Basmati Rice 20 lb", priceCents: 3450, bulk: true },
  { sku: "BAS-40", description: "Basmati Rice 40 lb", priceCents: 6425, bulk: true },
  { sku: "SEL-20", description: "Golden Sella Basmati Rice 20 lb", priceCents: 3190, bulk: true },
  { sku: "SEL-40", description: "Golden Sella Basmati Rice 40 lb", priceCents: 5980, bulk: true, image: true },
  { sku: "SUS-15", description: "Sushi Rice 15 lb", priceCents: 2475, bulk: true, image: true },
  { sku: "SUS-50", description: "Sushi Rice 50 lb", priceCents: 6950, bulk: true },
  { sku: "CAL-25", description: "Calrose Rice 25 lb", priceCents: 2650, bulk: true },
  { sku: "CAL-50", description: "Calrose Rice 50 lb", priceCents: 4795, bulk: true, image: true },
  { sku: "BRN-10", description: "Long Grain Brown Rice 10 lb", priceCents: 1390, bulk: true },
  { sku: "BRN-25", description: "Long Grain Brown Rice 25 lb", priceCents: 2995, bulk: true },
  { sku: "GLU-5", description: "Glutinous Sweet Rice 5 lb", priceCents: 895, bulk: false },
  { sku: "GLU-25", description: "Glutinous Sweet Rice 25 lb", priceCents: 3150, bulk: true, image: true },
  { sku: "LGW-50", description: "Long Grain White Rice 50 lb", priceCents: 3895, bulk: true },
  { sku: "MGR-50", description: "Medium Grain Rice 50 lb", priceCents: 4250, bulk: true },
  { sku: "PAR-50", description: "Parboiled Rice 50 lb", priceCents: 4125, bulk: true },
  { sku: "BRK-50", description: "Broken Jasmine Rice 50 lb", priceCents: 3350, bulk: true },
  { sku: "ARB-10", description: "Arborio Rice 10 lb", priceCents: 2290, bulk: false },
  { sku: "BLK-5", description: "Black Forbidden Rice 5 lb", priceCents: 1575, bulk: false },
  { sku: "RED-5", description: "Red Cargo Rice 5 lb", priceCents: 1325, bulk: false },
  { sku: "PON-10", description: "Ponni Boiled Rice 10 lb", priceCents: 1550, bulk: true },
  { sku: "SON-20", description: "Sona Masoori Rice 20 lb", priceCents: 2895, bulk: true },
  { sku: "RFL-20", description: "Rice Flour 20 lb", priceCents: 2190, bulk: false },
  { sku: "GRF-20", description: "Glutinous Rice Flour 20 lb", priceCents: 2590, bulk: false },
  { sku: "RNO-10", description: "Rice Stick Noodles 10 lb", priceCents: 1890, bulk: false },
  { sku: "NOR-50", description: "Roasted Nori Sheets 50 ct", priceCents: 1275, bulk: false },
  { sku: "SOY-5G", description: "Soy Sauce 5 gal", priceCents: 3475, bulk: false },
  { sku: "FSH-1G", description: "Fish Sauce 1 gal", priceCents: 1395, bulk: false },
  { sku: "SES-1G", description: "Pure Sesame Oil 1 gal", priceCents: 2895, bulk: false },
  { sku: "RVN-1G", description: "Seasoned Rice Vinegar 1 gal", priceCents: 1150, bulk: false },
  { sku: "VOIL-35", description: "Vegetable Oil 35 lb", priceCents: 3695, bulk: false },
  { sku: "SUG-50", description: "Cane Sugar 50 lb", priceCents: 4450, bulk: false },
  { sku: "SLT-25", description: "Kosher Salt 25 lb", priceCents: 1295, bulk: false },
  { sku: "PNK-25", description: "Panko Bread Crumbs 25 lb", priceCents: 4150, bulk: false },
  { sku: "LNT-25", description: "Red Lentils (Masoor Dal) 25 lb", priceCents: 3250, bulk: false },
  { sku: "CHK-25", description: "Chickpeas 25 lb", priceCents: 2995, bulk: false },
];

/** Stock levels the Pick List Check colours must show: out of stock and running low. */
export const OUT_OF_STOCK_SKUS = ["ARB-10", "BLK-5", "PNK-25"] as const;
export const LOW_STOCK: Record<string, number> = { "SUS-50": 8, "RED-5": 12, "GRF-20": 5, "SES-1G": 3 };

export const LOCATIONS = [
  { id: "NY-MAIN", name: "NY Main - Hicksville", groups: ["east", "primary"] },
  { id: "NJ-WH", name: "NJ Warehouse", groups: ["east"] },
  { id: "FL-DIST", name: "FL Distribution", groups: ["south"] },
] as const;

export type SeedWorker = { name: string; email: string; phoneNumber: string; role: string; locationIds: string[]; orderTypes: string[]; active: boolean };

export const WAREHOUSE_WORKERS: SeedWorker[] = [
  { name: "Wendy Warehouse", email: "warehouse@goldengrain.test", phoneNumber: "(516) 555-0142", role: "Lead Picker", locationIds: ["NY-MAIN"], orderTypes: [], active: true },
  { name: "Marco Rossi", email: "marco@goldengrain.test", phoneNumber: "(201) 555-0177", role: "Warehouse Staff", locationIds: ["NJ-WH"], orderTypes: [], active: true },
  { name: "Luis Hernandez", email: "luis@goldengrain.test", phoneNumber: "(516) 555-0119", role: "Forklift Operator", locationIds: ["NY-MAIN"], orderTypes: ["Freight", "NY/NJ Delivery"], active: true },
  { name: "Kevin Chen", email: "kevin@goldengrain.test", phoneNumber: "(516) 555-0186", role: "Warehouse Staff", locationIds: ["NY-MAIN"], orderTypes: ["Will Call", "NY/NJ Delivery", "VA Delivery"], active: true },
  { name: "Priya Patel", email: "priya@goldengrain.test", phoneNumber: "(201) 555-0131", role: "Warehouse Staff", locationIds: ["NJ-WH"], orderTypes: [], active: true },
  { name: "Tomas Alvarez", email: "tomas@goldengrain.test", phoneNumber: "(305) 555-0164", role: "Warehouse Staff", locationIds: ["FL-DIST"], orderTypes: [], active: true },
  { name: "Grace Kim", email: "grace@goldengrain.test", phoneNumber: "(305) 555-0108", role: "Shipping Clerk", locationIds: ["FL-DIST", "NY-MAIN"], orderTypes: ["Freight", "TX Delivery"], active: true },
  { name: "Ray Johnson", email: "ray@goldengrain.test", phoneNumber: "(516) 555-0153", role: "Warehouse Staff", locationIds: ["NY-MAIN"], orderTypes: [], active: false },
];

export const ORDER_NOTES = [
  "Deliver before 10am, kitchen closes for prep after.",
  "Call customer 30 minutes before arrival.",
  "Use the back door on the side street.",
  "Lift gate required, no loading dock.",
  "Customer will pick up Friday morning.",
  "Stack bags no higher than 5 per pallet.",
  "Double-check basmati lot number, customer asked for the new crop.",
  "COD - collect check on delivery.",
  "Split delivery: half this week, half next week.",
  "Leave with the store manager only.",
  "Pallets must be shrink-wrapped.",
  "Customer prefers 25 lb bags if 50 lb is short.",
];

export const RETURN_REASONS = ["Damaged packaging", "Wrong item shipped", "Quality issue", "Expired product", "Ordered by mistake", "Other"] as const;
export const RETURN_CUSTOM_REASONS = ["Bags torn at the seam, rice spilled", "Bugs found in two bags", "Delivered to the wrong store"];

export const APPLICANTS = [
  { companyName: "Sunrise Poke Bowl", ownerName: "Keoni Akana", street: "412 Bleecker St", city: "New York", state: "NY", postalCode: "10014" },
  { companyName: "Himalayan Kitchen", ownerName: "Pasang Sherpa", street: "37-16 74th St", city: "Jackson Heights", state: "NY", postalCode: "11372" },
  { companyName: "Bangkok Street Eats", ownerName: "Nattapong Chai", street: "82-10 Broadway", city: "Elmhurst", state: "NY", postalCode: "11373" },
  { companyName: "Manila Bay Grill", ownerName: "Maria Santos", street: "640 Newark Ave", city: "Jersey City", state: "NJ", postalCode: "07306" },
  { companyName: "Kyoto Ramen Lab", ownerName: "Hiro Tanaka", street: "25 St Marks Pl", city: "New York", state: "NY", postalCode: "10003" },
  { companyName: "Spice Route Caterers", ownerName: "Anil Kapoor", street: "1500 Route 27", city: "Edison", state: "NJ", postalCode: "08817" },
  { companyName: "Golden Lotus Vegan", ownerName: "Linh Tran", street: "9 Elm St", city: "Hicksville", state: "NY", postalCode: "11801" },
  { companyName: "Island Breeze Jerk Center", ownerName: "Delroy Campbell", street: "1104 Flatbush Ave", city: "Brooklyn", state: "NY", postalCode: "11226" },
  { companyName: "Tandoori Nights", ownerName: "Harpreet Singh", street: "2230 Hempstead Tpke", city: "East Meadow", state: "NY", postalCode: "11554" },
  { companyName: "Pho Real Noodle Bar", ownerName: "Minh Nguyen", street: "6719 Wilson Blvd", city: "Falls Church", state: "VA", postalCode: "22044" },
  { companyName: "Bibimbap House", ownerName: "Ji-woo Park", street: "3250 Wilshire Blvd", city: "Los Angeles", state: "CA", postalCode: "90010" },
  { companyName: "Nile Valley Market", ownerName: "Omar Hassan", street: "25-10 Steinway St", city: "Astoria", state: "NY", postalCode: "11103" },
  { companyName: "Caspian Kabob Grill", ownerName: "Reza Karimi", street: "1710 Westwood Blvd", city: "Los Angeles", state: "CA", postalCode: "90024" },
  { companyName: "Tokyo Express Hibachi", ownerName: "Kenji Mori", street: "4120 Northern Blvd", city: "Long Island City", state: "NY", postalCode: "11101" },
  { companyName: "Bayou Cajun Kitchen", ownerName: "Andre Broussard", street: "3402 Washington Ave", city: "Houston", state: "TX", postalCode: "77007" },
  { companyName: "Andes Peruvian Rotisserie", ownerName: "Lucia Quispe", street: "91-20 37th Ave", city: "Jackson Heights", state: "NY", postalCode: "11372" },
  { companyName: "Cedar Lebanese Bakery", ownerName: "Rami Haddad", street: "7010 Fifth Ave", city: "Brooklyn", state: "NY", postalCode: "11209" },
  { companyName: "Lucky Star Chinese Takeout", ownerName: "Wei Zhang", street: "118 Jericho Tpke", city: "Mineola", state: "NY", postalCode: "11501" },
  { companyName: "Dhaka Sweets & Grocery", ownerName: "Farhana Rahman", street: "168-27 Hillside Ave", city: "Jamaica", state: "NY", postalCode: "11432" },
  { companyName: "Hanoi Corner Deli", ownerName: "Thu Pham", street: "3010 Federal Blvd", city: "Denver", state: "CO", postalCode: "80211" },
];

export const CONTAINER_NUMBERS = ["MSCU1234567", "TGHU4829103", "OOLU7712458", "CMAU3391026", "HLXU5520871", "MAEU9012344", "EGHU6638210", "TCNU2047719"];

export const ANNOUNCEMENTS = [
  {
    title: "New crop jasmine arriving next week",
    body: "Four containers of new-crop Thai jasmine (JAS-25 and JAS-50) land at NJ Warehouse next week. Please sell through the old-crop lots first and flag any customer who asked to wait for the new crop.",
    daysAgo: 1,
  },
  {
    title: "Signatures on every will call",
    body: "Starting Monday, every Will Call pickup needs a warehouse capture with the customer's printed name and signature before the truck leaves. The Will Call PDF is generated automatically from the capture.",
    daysAgo: 4,
  },
  {
    title: "Holiday schedule",
    body: "All three warehouses close at noon on the Friday before the holiday weekend. Delivery routes for that afternoon move to Thursday; sales reps please confirm with your customers.",
    daysAgo: 9,
  },
];

// ---------------------------------------------------------------- picking data (issue 13)

/** The short-pick reasons every database starts with (migration 0009 writes the same four). */
export const PICK_SHORT_REASONS = [
  { label: "Stockout", action: "follow_up" },
  { label: "Damaged", action: "recount" },
  { label: "Wrong bin", action: "none" },
  { label: "Other", action: "none" },
] as const;

export type SeedProductCodes = {
  sku: string;
  /** Aisle (A–F), bay, level: 'A-03-2'. */
  bin: string;
  /** A valid UPC-A (12 digits) or, every fourth product, an EAN-13. */
  unit: string;
  /** A GTIN-14 case code (indicator 1) and its quantity, for every fifth product. */
  case: { code: string; quantity: number } | null;
};

const BIN_AISLES = "ABCDEF";

/** Where the i-th product sits: seven bays an aisle, levels 1–3, in catalogue order (the pick path). */
export function productBin(i: number): string {
  const aisle = BIN_AISLES[Math.min(BIN_AISLES.length - 1, Math.floor(i / 7))]!;
  return `${aisle}-${String((i % 7) + 1).padStart(2, "0")}-${(i % 3) + 1}`;
}

/** The i-th product's codes, computed (check digits from gs1CheckDigit), so tests can print the same labels. */
export function productCodesAt(i: number): SeedProductCodes {
  const product = PRODUCTS[i];
  if (!product) throw new Error(`no product at ${i}`);
  const item = String(i + 1).padStart(5, "0");
  const unitBody = i % 4 === 3 ? `489012${item}0`.slice(0, 12) : `08451${item}`.padEnd(11, "0").slice(0, 11);
  const unit = unitBody + gs1CheckDigit(unitBody);
  // A case's GTIN-14: indicator 1, the unit's GTIN-13 body, a new check digit.
  const caseBody = `1${unit.padStart(13, "0").slice(0, 12)}`;
  const withCase = i % 5 === 0;
  return {
    sku: product.sku,
    bin: productBin(i),
    unit,
    case: withCase ? { code: caseBody + gs1CheckDigit(caseBody), quantity: i % 10 === 0 ? 10 : 20 } : null,
  };
}

/** A seeded SKU's bin and codes, or null for a SKU the catalogue does not have. */
export function productCodes(sku: string): SeedProductCodes | null {
  const i = PRODUCTS.findIndex((p) => p.sku === sku);
  return i < 0 ? null : productCodesAt(i);
}

/** The product_barcodes rows of the catalogue: every SKU's unit code, and the case codes. */
export function seedBarcodeRows(): { sku: string; code: string; codeKey: string; kind: "unit" | "case"; quantity: number }[] {
  return PRODUCTS.flatMap((_, i) => {
    const c = productCodesAt(i);
    const unit = { sku: c.sku, code: c.unit, codeKey: barcodeKey(c.unit), kind: "unit" as const, quantity: 1 };
    return c.case ? [unit, { sku: c.sku, code: c.case.code, codeKey: barcodeKey(c.case.code), kind: "case" as const, quantity: c.case.quantity }] : [unit];
  });
}
