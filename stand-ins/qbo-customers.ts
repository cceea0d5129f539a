// The QuickBooks Online sandbox company's customers: ~40 wholesale food buyers (restaurants, grocers),
// built deterministically so tests and screenshots see the same names, balances and addresses every run.

export type QboAddress = { Id: string; Line1: string; City: string; CountrySubDivisionCode: string; PostalCode: string; Country?: string };

export type QboCustomer = {
  Id: string;
  SyncToken: string;
  domain: "QBO";
  sparse: false;
  Active: boolean;
  Job: boolean;
  BillWithParent: boolean;
  IsProject: boolean;
  DisplayName: string;
  FullyQualifiedName: string;
  PrintOnCheckName: string;
  CompanyName?: string;
  GivenName?: string;
  FamilyName?: string;
  PrimaryEmailAddr?: { Address: string };
  PrimaryPhone?: { FreeFormNumber: string };
  BillAddr?: QboAddress;
  ShipAddr?: QboAddress;
  Balance: number;
  BalanceWithJobs: number;
  Taxable: boolean;
  PreferredDeliveryMethod: "Email" | "Print" | "None";
  CurrencyRef: { value: "USD"; name: "United States Dollar" };
  MetaData: { CreateTime: string; LastUpdatedTime: string };
};

/** [display name, company name, contact given name, contact family name]. */
const BUYERS: [string, string, string, string][] = [
  ["Golden Dragon Restaurant", "Golden Dragon Restaurant Inc.", "Wei", "Chen"],
  ["Sakura Sushi Bar", "Sakura Hospitality LLC", "Kenji", "Watanabe"],
  ["Brooklyn Fresh Market", "Brooklyn Fresh Market Corp.", "Maria", "Lopez"],
  ["Golden Dragon Express", "GDX Foods LLC", "Jason", "Lin"],
  ["Tony's Pizzeria", "Tony's Pizzeria of Queens", "Anthony", "Russo"],
  ["Pho Saigon Kitchen", "Pho Saigon Kitchen LLC", "Linh", "Nguyen"],
  ["Seoul Garden BBQ", "Seoul Garden Inc.", "Min-jun", "Park"],
  ["Jade Palace Chinese Cuisine", "Jade Palace Group", "Mei", "Wong"],
  ["Queens Asian Grocery", "Queens Asian Grocery Inc.", "David", "Huang"],
  ["Lucky Star Supermarket", "Lucky Star Supermarket Corp.", "Kevin", "Zhao"],
  ["Bangkok Street Thai", "Bangkok Street LLC", "Somchai", "Suwan"],
  ["Little Tokyo Ramen House", "Little Tokyo Foods LLC", "Yuki", "Tanaka"],
  ["Hong Kong Noodle House", "HK Noodle House Inc.", "Ka-ming", "Lau"],
  ["Manhattan Fresh Foods", "Manhattan Fresh Foods LLC", "Sarah", "Goldberg"],
  ["Jersey City Oriental Market", "JC Oriental Market Inc.", "Peter", "Cho"],
  ["Taj Mahal Indian Restaurant", "Taj Mahal Dining LLC", "Arjun", "Patel"],
  ["Mumbai Spice Market", "Mumbai Spice Market Inc.", "Priya", "Shah"],
  ["Dragon Bowl Catering", "Dragon Bowl Catering Co.", "Eric", "Tam"],
  ["Red Lantern Bistro", "Red Lantern Bistro LLC", "Grace", "Liu"],
  ["Fortune Cookie Takeout", "Fortune Cookie Takeout Inc.", "Henry", "Wu"],
  ["Kyoto Sushi & Grill", "Kyoto Restaurant Group", "Hiro", "Sato"],
  ["Bay Ridge Deli & Grocery", "Bay Ridge Deli Corp.", "Omar", "Haddad"],
  ["Flushing Mega Mart", "Flushing Mega Mart Inc.", "Steven", "Ma"],
  ["Harbor View Seafood Restaurant", "Harbor View Seafood LLC", "Linda", "Yip"],
  ["Silk Road Halal Foods", "Silk Road Halal Foods Inc.", "Aziz", "Karimov"],
  ["Lotus Vegetarian Kitchen", "Lotus Vegetarian LLC", "Ananda", "Rao"],
  ["Ginza Japanese Restaurant", "Ginza Dining Inc.", "Aiko", "Mori"],
  ["Golden Wok Buffet", "Golden Wok Buffet Inc.", "Tommy", "Leung"],
  ["Sunrise Fresh Produce", "Sunrise Fresh Produce Co.", "Luis", "Ramirez"],
  ["Pacific Rim Foods", "Pacific Rim Foods Distribution", "Nathan", "Ho"],
  ["Chinatown Rice Supply", "Chinatown Rice Supply Inc.", "Frank", "Chan"],
  ["Hoboken Sushi Co.", "Hoboken Sushi Co.", "Ken", "Ito"],
  ["El Sabor Latino Market", "El Sabor Latino Market LLC", "Carmen", "Diaz"],
  ["Mama Rosa's Trattoria", "Mama Rosa's Trattoria Inc.", "Rosa", "Bianchi"],
  ["Emerald Garden Restaurant", "Emerald Garden Inc.", "Vivian", "Tsai"],
  ["Hudson Valley Grocers", "Hudson Valley Grocers Co-op", "Mark", "Sullivan"],
  ["Tokyo Mart", "Tokyo Mart USA Inc.", "Naoko", "Kimura"],
  ["Bamboo House Dim Sum", "Bamboo House Restaurant Inc.", "Alice", "Fong"],
  ["Staten Island Food Center", "SI Food Center LLC", "Joe", "Marino"],
  ["Sacramento Oriental Foods", "Sacramento Oriental Foods Inc.", "Danny", "Vang"],
  ["Oakland Noodle Factory", "Oakland Noodle Factory LLC", "Amy", "Luong"],
  ["San Diego Poke Shack", "SD Poke Shack LLC", "Kai", "Kahale"],
];

const PLACES: [city: string, state: string, zip: string, area: string][] = [
  ["Brooklyn", "NY", "11220", "718"],
  ["Flushing", "NY", "11354", "718"],
  ["New York", "NY", "10013", "212"],
  ["Jersey City", "NJ", "07302", "201"],
  ["Hicksville", "NY", "11801", "516"],
  ["Staten Island", "NY", "10301", "718"],
  ["Hoboken", "NJ", "07030", "201"],
  ["Houston", "TX", "77036", "713"],
  ["Los Angeles", "CA", "90012", "213"],
  ["Oakland", "CA", "94607", "510"],
  ["Sacramento", "CA", "95814", "916"],
  ["San Diego", "CA", "92111", "858"],
  ["Denver", "CO", "80204", "303"],
  ["Alexandria", "VA", "22312", "703"],
];

const STREETS = ["Main St", "Canal St", "8th Ave", "Roosevelt Ave", "Broadway", "Newark Ave", "Bellaire Blvd", "Grand Ave", "Market St", "Federal Blvd"];

/** mulberry32: a tiny seeded PRNG, so the "random" balances are the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** QuickBooks reports times in the company's zone (Pacific for the sandbox), with an offset. */
function pacificTime(ms: number): string {
  return new Date(ms - 8 * 3600_000).toISOString().slice(0, 19) + "-08:00";
}

function slug(name: string) {
  return name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "")
    .slice(0, 24);
}

export function seedQboCustomers(): QboCustomer[] {
  const random = prng(20240601);
  const start = Date.UTC(2023, 0, 5, 17, 0, 0);
  return BUYERS.map(([displayName, companyName, given, family], i) => {
    const [city, state, zip, area] = PLACES[Math.floor(random() * PLACES.length)];
    const street = `${100 + Math.floor(random() * 8900)} ${STREETS[Math.floor(random() * STREETS.length)]}`;
    // A quarter owe nothing; the rest owe between $120 and $24,000 (rounded to cents).
    const balance = i % 4 === 3 ? 0 : Math.round((120 + random() * 23880) * 100) / 100;
    const jobs = i % 7 === 0 ? Math.round(random() * 150000) / 100 : 0;
    const created = start + i * 9 * 86400_000 + Math.floor(random() * 36000_000);
    const updated = created + Math.floor(random() * 400) * 86400_000;
    const billAddr: QboAddress = { Id: String(100 + i * 2), Line1: street, City: city, CountrySubDivisionCode: state, PostalCode: zip, Country: "USA" };
    const customer: QboCustomer = {
      Id: String(i + 1),
      SyncToken: String(Math.floor(random() * 6)),
      domain: "QBO",
      sparse: false,
      Active: true,
      Job: false,
      BillWithParent: false,
      IsProject: false,
      DisplayName: displayName,
      FullyQualifiedName: displayName,
      PrintOnCheckName: companyName,
      CompanyName: companyName,
      GivenName: given,
      FamilyName: family,
      Balance: balance,
      BalanceWithJobs: Math.round((balance + jobs) * 100) / 100,
      Taxable: i % 3 === 0,
      PreferredDeliveryMethod: (["Email", "Print", "None"] as const)[i % 3],
      CurrencyRef: { value: "USD", name: "United States Dollar" },
      MetaData: { CreateTime: pacificTime(created), LastUpdatedTime: pacificTime(updated) },
      BillAddr: billAddr,
      PrimaryPhone: { FreeFormNumber: `(${area}) 555-${String(1000 + ((i * 137) % 9000)).padStart(4, "0")}` },
      PrimaryEmailAddr: { Address: `ap@${slug(displayName)}.example` },
    };
    // Real books are patchy: some customers lack a shipping address, an email or a billing address.
    if (i % 4 === 1) delete customer.ShipAddr;
    else customer.ShipAddr = { ...billAddr, Id: String(101 + i * 2) };
    if (i % 9 === 8) delete customer.PrimaryEmailAddr;
    if (i % 13 === 12) delete customer.BillAddr;
    return customer;
  });
}
