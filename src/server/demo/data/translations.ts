/**
 * Arabic and French versions of the demo catalogue (issue 33): every category and sub-category, the collections
 * and a handful of products, so `/ar/` and `/fr/` show translated data and fall back to English elsewhere.
 * Brand names are names: they stay as they are.
 */
type Names = Record<string, { ar: string; fr: string }>;

export const CATEGORY_NAMES: Names = {
  'chargers-adapters': { ar: 'الشواحن والمحولات', fr: 'Chargeurs et adaptateurs' },
  'power-banks': { ar: 'بطاريات متنقلة', fr: 'Batteries externes' },
  cables: { ar: 'الكابلات', fr: 'Câbles' },
  'smart-home-scales': { ar: 'المنزل الذكي والموازين', fr: 'Maison connectée et balances' },
  'toys-rc': { ar: 'الألعاب والتحكم عن بعد', fr: 'Jouets et radiocommandés' },
  audio: { ar: 'الصوتيات', fr: 'Audio' },
  'phone-accessories': { ar: 'إكسسوارات الهاتف', fr: 'Accessoires de téléphone' },
  'computer-accessories': { ar: 'إكسسوارات الكمبيوتر', fr: 'Accessoires informatiques' },
  wearables: { ar: 'الأجهزة القابلة للارتداء', fr: 'Objets connectés' },
  lighting: { ar: 'الإضاءة', fr: 'Éclairage' },
};

export const SUB_CATEGORY_NAMES: Names = {
  'wall-chargers': { ar: 'شواحن حائط', fr: 'Chargeurs secteur' },
  'gan-chargers': { ar: 'شواحن GaN', fr: 'Chargeurs GaN' },
  'car-chargers': { ar: 'شواحن السيارة', fr: 'Chargeurs de voiture' },
  'wireless-chargers': { ar: 'شواحن لاسلكية', fr: 'Chargeurs sans fil' },
  'travel-adapters': { ar: 'محولات السفر', fr: 'Adaptateurs de voyage' },
  'pocket-power-banks': { ar: 'بطاريات جيب متنقلة', fr: 'Batteries de poche' },
  'laptop-power-banks': { ar: 'بطاريات متنقلة للحاسوب', fr: 'Batteries pour ordinateur portable' },
  'magnetic-power-banks': { ar: 'بطاريات متنقلة مغناطيسية', fr: 'Batteries magnétiques' },
  'solar-power-banks': { ar: 'بطاريات متنقلة شمسية', fr: 'Batteries solaires' },
  'usb-c-cables': { ar: 'كابلات USB-C', fr: 'Câbles USB-C' },
  'lightning-cables': { ar: 'كابلات Lightning', fr: 'Câbles Lightning' },
  'micro-usb-cables': { ar: 'كابلات Micro-USB', fr: 'Câbles Micro-USB' },
  'hdmi-display-cables': { ar: 'كابلات HDMI والشاشات', fr: 'Câbles HDMI et vidéo' },
  'multi-head-cables': { ar: 'كابلات 3 في 1', fr: 'Câbles 3 en 1' },
  'smart-scales': { ar: 'موازين حمام ذكية', fr: 'Pèse-personnes connectés' },
  'kitchen-scales': { ar: 'موازين المطبخ', fr: 'Balances de cuisine' },
  'smart-plugs': { ar: 'مقابس ذكية', fr: 'Prises connectées' },
  'sensors-hubs': { ar: 'المستشعرات والموزعات', fr: 'Capteurs et passerelles' },
  'toy-trains': { ar: 'قطارات ألعاب', fr: 'Trains jouets' },
  'rc-cars': { ar: 'سيارات تحكم عن بعد', fr: 'Voitures radiocommandées' },
  drones: { ar: 'طائرات مسيّرة صغيرة', fr: 'Mini drones' },
  'stem-kits': { ar: 'مجموعات العلوم والبرمجة', fr: 'Kits STEM et codage' },
  headphones: { ar: 'سماعات رأس', fr: 'Casques' },
  earbuds: { ar: 'سماعات أذن لاسلكية', fr: 'Écouteurs sans fil' },
  'bluetooth-speakers': { ar: 'مكبرات صوت بلوتوث', fr: 'Enceintes Bluetooth' },
  'phone-cases': { ar: 'أغطية الهاتف', fr: 'Coques de téléphone' },
  'screen-protectors': { ar: 'واقيات الشاشة', fr: "Protections d'écran" },
  'holders-mounts': { ar: 'حوامل ومثبتات', fr: 'Supports et fixations' },
  'tripods-selfie-sticks': { ar: 'حوامل ثلاثية وعصي سيلفي', fr: 'Trépieds et perches à selfie' },
  mice: { ar: 'فأرات', fr: 'Souris' },
  keyboards: { ar: 'لوحات مفاتيح', fr: 'Claviers' },
  'usb-hubs': { ar: 'موزعات USB وقواعد توصيل', fr: 'Hubs USB et stations' },
  'laptop-stands': { ar: 'حوامل الحاسوب المحمول', fr: "Supports d'ordinateur portable" },
  webcams: { ar: 'كاميرات ويب', fr: 'Webcams' },
  smartwatches: { ar: 'ساعات ذكية', fr: 'Montres connectées' },
  'fitness-bands': { ar: 'أساور اللياقة', fr: "Bracelets d'activité" },
  'watch-straps': { ar: 'أحزمة الساعات', fr: 'Bracelets de montre' },
  'led-strips': { ar: 'شرائط LED', fr: 'Rubans LED' },
  'desk-lamps': { ar: 'مصابيح مكتب', fr: 'Lampes de bureau' },
  'smart-bulbs': { ar: 'مصابيح ذكية', fr: 'Ampoules connectées' },
  flashlights: { ar: 'مصابيح يدوية', fr: 'Lampes torches' },
};

export const COLLECTION_NAMES: Names = {
  'fast-charging': { ar: 'شحن سريع', fr: 'Recharge rapide' },
  'gifts-under-30': { ar: 'هدايا بأقل من 30 دولارًا', fr: 'Cadeaux à moins de 30 $' },
  'back-to-school': { ar: 'العودة إلى المدرسة', fr: 'La rentrée' },
  'travel-kit': { ar: 'عدة السفر', fr: 'Kit de voyage' },
  'smart-home-starter': { ar: 'بداية المنزل الذكي', fr: 'Débuter la maison connectée' },
};

/** A handful of products in Arabic and French (title and SEO title); their descriptions fall back to English. */
export const PRODUCT_TITLES: Names = {
  'amplex-edge-x-45w-gan-usb-c-wall-charger': { ar: 'شاحن حائط أمبلكس إيدج إكس 45 واط GaN USB-C', fr: 'Chargeur secteur Amplex Edge X 45 W GaN USB-C' },
  'zentro-echo-x-gan-usb-c-wall-charger': { ar: 'شاحن حائط زينترو إيكو إكس GaN USB-C', fr: 'Chargeur secteur Zentro Echo X GaN USB-C' },
  'amplex-halo-30w-dual-port-car-charger': { ar: 'شاحن سيارة أمبلكس هالو 30 واط بمنفذين', fr: 'Chargeur de voiture Amplex Halo 30 W double port' },
  'kinetiq-pulse-3-10w-wireless-charging-pad': { ar: 'قاعدة شحن لاسلكية كينيتيك بلس 3 بقوة 10 واط', fr: 'Socle de recharge sans fil Kinetiq Pulse 3 10 W' },
  'amplex-halo-10w-wireless-charging-pad': { ar: 'قاعدة شحن لاسلكية أمبلكس هالو 10 واط', fr: 'Socle de recharge sans fil Amplex Halo 10 W' },
  'zentro-swift-universal-travel-adapter-with-usb-c': { ar: 'محول سفر عالمي زينترو سويفت مع USB-C', fr: 'Adaptateur de voyage universel Zentro Swift avec USB-C' },
};
