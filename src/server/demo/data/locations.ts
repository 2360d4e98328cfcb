/** Countries (ISO code, name, phone code) with their states where address forms need them. */
export const COUNTRIES: [string, string, string][] = [
  ['AF', 'Afghanistan', '+93'], ['AR', 'Argentina', '+54'], ['AU', 'Australia', '+61'], ['AT', 'Austria', '+43'],
  ['BD', 'Bangladesh', '+880'], ['BE', 'Belgium', '+32'], ['BR', 'Brazil', '+55'], ['CA', 'Canada', '+1'],
  ['CL', 'Chile', '+56'], ['CN', 'China', '+86'], ['CO', 'Colombia', '+57'], ['DK', 'Denmark', '+45'],
  ['EG', 'Egypt', '+20'], ['FI', 'Finland', '+358'], ['FR', 'France', '+33'], ['DE', 'Germany', '+49'],
  ['GR', 'Greece', '+30'], ['IN', 'India', '+91'], ['ID', 'Indonesia', '+62'], ['IE', 'Ireland', '+353'],
  ['IT', 'Italy', '+39'], ['JP', 'Japan', '+81'], ['KE', 'Kenya', '+254'], ['MY', 'Malaysia', '+60'],
  ['MX', 'Mexico', '+52'], ['NL', 'Netherlands', '+31'], ['NZ', 'New Zealand', '+64'], ['NG', 'Nigeria', '+234'],
  ['NO', 'Norway', '+47'], ['PK', 'Pakistan', '+92'], ['PH', 'Philippines', '+63'], ['PL', 'Poland', '+48'],
  ['PT', 'Portugal', '+351'], ['SA', 'Saudi Arabia', '+966'], ['SG', 'Singapore', '+65'], ['ZA', 'South Africa', '+27'],
  ['KR', 'South Korea', '+82'], ['ES', 'Spain', '+34'], ['SE', 'Sweden', '+46'], ['CH', 'Switzerland', '+41'],
  ['TR', 'Turkey', '+90'], ['AE', 'United Arab Emirates', '+971'], ['GB', 'United Kingdom', '+44'], ['US', 'United States', '+1'],
];

const list = (text: string): [string, string][] =>
  text.split(';').map((pair) => pair.trim().split('=') as [string, string]);

export const STATES: Record<string, [string, string][]> = {
  AF: list('BDS=Badakhshan;BDG=Badghis;BGL=Baghlan;BAL=Balkh;BAM=Bamyan;DAY=Daykundi;FRA=Farah;FYB=Faryab;GHA=Ghazni;GHO=Ghor;HEL=Helmand;HER=Herat;JOW=Jowzjan;KAB=Kabul;KAN=Kandahar;KAP=Kapisa;KHO=Khost;KNR=Kunar;KDZ=Kunduz;LAG=Laghman;LOG=Logar;NAN=Nangarhar;NIM=Nimruz;NUR=Nuristan;PIA=Paktia;PKA=Paktika;PAN=Panjshir;PAR=Parwan;SAM=Samangan;SAR=Sar-e Pol;TAK=Takhar;URU=Uruzgan;WAR=Wardak;ZAB=Zabul'),
  US: list('AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;DC=District of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;KY=Kentucky;LA=Louisiana;ME=Maine;MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;MO=Missouri;MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;NM=New Mexico;NY=New York;NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;PA=Pennsylvania;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;UT=Utah;VT=Vermont;VA=Virginia;WA=Washington;WV=West Virginia;WI=Wisconsin;WY=Wyoming'),
  CA: list('AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;NL=Newfoundland and Labrador;NS=Nova Scotia;NT=Northwest Territories;NU=Nunavut;ON=Ontario;PE=Prince Edward Island;QC=Quebec;SK=Saskatchewan;YT=Yukon'),
  GB: list('ENG=England;SCT=Scotland;WLS=Wales;NIR=Northern Ireland'),
  DE: list('BW=Baden-Württemberg;BY=Bavaria;BE=Berlin;BB=Brandenburg;HB=Bremen;HH=Hamburg;HE=Hesse;MV=Mecklenburg-Vorpommern;NI=Lower Saxony;NW=North Rhine-Westphalia;RP=Rhineland-Palatinate;SL=Saarland;SN=Saxony;ST=Saxony-Anhalt;SH=Schleswig-Holstein;TH=Thuringia'),
  AU: list('ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;QLD=Queensland;SA=South Australia;TAS=Tasmania;VIC=Victoria;WA=Western Australia'),
  IN: list('DL=Delhi;GJ=Gujarat;KA=Karnataka;KL=Kerala;MH=Maharashtra;RJ=Rajasthan;TN=Tamil Nadu;TG=Telangana;UP=Uttar Pradesh;WB=West Bengal'),
  BD: list('BAR=Barishal;CHT=Chattogram;DHA=Dhaka;KHU=Khulna;MYM=Mymensingh;RAJ=Rajshahi;RAN=Rangpur;SYL=Sylhet'),
  BR: list('BA=Bahia;DF=Distrito Federal;MG=Minas Gerais;PR=Paraná;RJ=Rio de Janeiro;RS=Rio Grande do Sul;SP=São Paulo'),
  MX: list('CMX=Ciudad de México;JAL=Jalisco;NLE=Nuevo León;PUE=Puebla;YUC=Yucatán'),
  FR: list('ARA=Auvergne-Rhône-Alpes;BRE=Bretagne;IDF=Île-de-France;NAQ=Nouvelle-Aquitaine;OCC=Occitanie;PAC=Provence-Alpes-Côte d’Azur'),
  NG: list('FC=Federal Capital Territory;KN=Kano;LA=Lagos;RI=Rivers'),
  PK: list('IS=Islamabad;KP=Khyber Pakhtunkhwa;PB=Punjab;SD=Sindh'),
  AE: list('AZ=Abu Dhabi;DU=Dubai;SH=Sharjah'),
};
