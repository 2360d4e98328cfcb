/** Static pages for every slug the spec names, plus about-us and shipping. Simple, sanitizer-safe HTML. */
export interface DemoPage {
  slug: string;
  title: string;
  metaDescription: string;
  content: string;
}

export const PAGES: DemoPage[] = [
  { slug: 'about-us', title: 'About Voltmart', metaDescription: 'Voltmart is a marketplace of independent electronics stores.',
    content: `<p>Voltmart is a marketplace where independent electronics stores sell chargers, power banks, cables, smart home gear, audio and toys. Every store on Voltmart is run by people who test what they sell.</p>
<p>We started in 2021 after buying one too many chargers that did not deliver the wattage printed on the box. Today six stores sell through Voltmart, and each one publishes honest specifications, real photos and clear warranty terms.</p>
<ul><li><strong>Independent stores:</strong> you buy from the store, and Voltmart makes sure checkout, payment and refunds work the same everywhere.</li><li><strong>Tested products:</strong> stores must list measured output for chargers and power banks.</li><li><strong>Fair policies:</strong> standard shipping 3-7 business days and a 30-day refund on every order.</li></ul>` },
  { slug: 'contact', title: 'Contact us', metaDescription: 'How to reach Voltmart support.',
    content: `<p>We answer every message within one business day, usually much sooner. For questions about an order, have your order number ready: you will find it in your confirmation email and under <strong>My orders</strong>.</p>
<ul><li><strong>Email:</strong> support@voltmart.example</li><li><strong>Phone:</strong> +1 512 555 0100, Monday to Friday, 9:00–18:00 Central Time</li><li><strong>Post:</strong> Voltmart Support, 418 Congress Ave, Austin, TX 78701, United States</li></ul>
<p>Questions about a specific product are often answered fastest by the store that sells it: you will find the store's contact details on its store page. You can also use the contact form on this page.</p>` },
  { slug: 'faq', title: 'Frequently asked questions', metaDescription: 'Answers about orders, shipping, refunds and accounts.',
    content: `<p><strong>How long does shipping take?</strong></p><p>Standard shipping takes 3-7 business days. Each store ships its own items, so an order with products from two stores may arrive in two parcels. You can follow each parcel on the Track order page.</p>
<p><strong>Can I return something?</strong></p><p>Yes. You have a 30-day refund on every order. Start a return from <strong>My orders</strong>, send the item back in its original packaging, and we refund the full price once the store receives it.</p>
<p><strong>Which payment methods do you accept?</strong></p><p>Cards, PayPal, bank transfer and, in some countries, cash on delivery. Card details go straight to the payment provider; Voltmart never sees or stores your card number. Every card transaction is secure and encrypted.</p>
<p><strong>Do I need an account to order?</strong></p><p>You can browse, fill a cart and track an order as a guest. An account lets you save addresses, follow stores, keep a wishlist and collect vouchers.</p>
<p><strong>How do vouchers work?</strong></p><p>Enter a voucher code at checkout. Some vouchers work in every store, others only in one store, and most have a minimum spend. The checkout tells you why a code cannot be applied.</p>
<p><strong>Is the flash sale price guaranteed?</strong></p><p>The flash price applies while the countdown is running and the item is in your cart at checkout. When the sale ends, the regular price returns.</p>` },
  { slug: 'shipping-policy', title: 'Shipping policy', metaDescription: 'Standard shipping takes 3-7 business days.',
    content: `<p>Standard shipping takes 3-7 business days from the day the store dispatches your order. Stores dispatch within one business day of payment for items in stock.</p>
<ul><li><strong>Shipping cost</strong> depends on the store and your country and is shown in the cart before you pay.</li><li><strong>Pickup:</strong> Volt Depot also offers free pickup from its Austin counter.</li><li><strong>Tracking:</strong> every parcel has a tracking code; enter it on the Track order page.</li></ul>
<p>If a store cannot ship a product to your address, the cart tells you before checkout, so you can remove it or change the address.</p>` },
  { slug: 'privacy-policy', title: 'Privacy policy', metaDescription: 'What Voltmart collects and why.',
    content: `<p>This policy explains what personal data Voltmart collects, why, and what you can do about it.</p>
<p><strong>What we collect.</strong> Your name, email address, phone number and addresses when you create an account or place an order; your order history; and technical data such as your IP address and browser, kept in server logs for up to 30 days.</p>
<p><strong>Why.</strong> To deliver orders, handle refunds and support requests, prevent fraud and, if you subscribe, send our newsletter. We share the details a store needs to ship your order with that store and with the carrier, and nothing more.</p>
<p><strong>Payments.</strong> Card payments are handled by our payment providers. We never receive or store your full card number; for saved cards we keep only the card brand, the last four digits, the expiry date and a token from the provider.</p>
<p><strong>Cookies.</strong> We use a session cookie to keep you signed in and a language cookie to remember your language. Analytics cookies are only set if you accept them in the cookie notice.</p>
<p><strong>Your rights.</strong> You can see, correct, export or delete your data at any time. Deleting your account from your profile removes your personal data, except what the law requires us to keep for accounting. Contact privacy@voltmart.example with any question.</p>` },
  { slug: 'terms-and-conditions', title: 'Terms and conditions', metaDescription: 'The terms of buying on Voltmart.',
    content: `<p>These terms apply when you buy on Voltmart. By placing an order you accept them.</p>
<p><strong>Who you buy from.</strong> Voltmart is a marketplace. Each product is sold by the store named on its page, and that store is responsible for the product, its description and its warranty. Voltmart runs the checkout, takes payment on the store's behalf and handles refunds.</p>
<p><strong>Prices.</strong> Prices are shown in US dollars and include the discounts shown. Shipping is added in the cart. If a price is obviously wrong, we will contact you before shipping and you may cancel for a full refund.</p>
<p><strong>Delivery.</strong> Standard shipping takes 3-7 business days. Risk passes to you when the parcel is delivered.</p>
<p><strong>Refunds and warranty.</strong> You have a 30-day refund on every order, as described in our Return and refund policy. Warranty terms are set out in the Warranty policy.</p>
<p><strong>Accounts.</strong> Keep your password private. We may suspend accounts used for fraud or abuse.</p>
<p><strong>Liability.</strong> Nothing in these terms limits your statutory rights as a consumer.</p>` },
  { slug: 'return-and-refund', title: 'Return and refund policy', metaDescription: 'A 30-day refund on every order.',
    content: `<p>Every order comes with a 30-day refund. If you change your mind or something is not right, you can return it within 30 days of delivery.</p>
<ul><li><strong>How to return:</strong> open the order under <strong>My orders</strong>, choose the items and a reason, and print the return label.</li><li><strong>Condition:</strong> items should be complete and in their original packaging. Opened items are fine if they are undamaged.</li><li><strong>Refund:</strong> we refund the item price to your original payment method within 5 business days of the store receiving it. Shipping costs are refunded when the item was faulty or not as described.</li><li><strong>Faulty items:</strong> we pay the return shipping and you can choose a replacement instead of a refund.</li></ul>
<p>Hygiene items such as earbud tips are refundable only if unopened. Cancelling an order before it ships refunds the full amount straight away.</p>` },
  { slug: 'warranty-policy', title: 'Warranty policy', metaDescription: 'How warranty claims work on Voltmart.',
    content: `<p>Every product on Voltmart carries at least a 12-month warranty from the store that sells it; many carry 18 or 24 months. The warranty period is shown on each product page.</p>
<ul><li><strong>What is covered:</strong> defects in materials and workmanship under normal use, for example a charger that stops charging or a cable whose connector fails.</li><li><strong>What is not covered:</strong> accidental damage, water damage beyond the stated rating, normal wear of batteries (a power bank keeping 80% of its capacity after 500 cycles is normal) and modifications.</li><li><strong>How to claim:</strong> open the order, choose <strong>Warranty claim</strong> and describe the problem. The store replies within two business days with a repair, replacement or refund.</li></ul>
<p>Your statutory rights are not affected by this warranty.</p>` },
];

/** Slugs the spec names for /page/{slug}. */
export const SPEC_PAGE_SLUGS = ['contact', 'faq', 'privacy-policy', 'terms-and-conditions', 'return-and-refund', 'warranty-policy'];
