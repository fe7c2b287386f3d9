// The demo blog (OPS-6): plain, accurate advice for families. Four are published, the last two are drafts.

export interface DemoPost {
  title: string;
  excerpt: string;
  image: string | null;
  content: string;
}

export const demoPosts: DemoPost[] = [
  {
    title: "Brushing Habits for Children: A Parent's Guide",
    excerpt: 'How much toothpaste, how long to brush, and how to make it a habit your child enjoys.',
    image: 'kids-brushing',
    content: `<p>Healthy adult teeth start with healthy milk teeth. Milk teeth hold space for the permanent ones, help children chew and speak clearly, and decay in them can be painful. The good news: a few simple habits prevent most problems.</p>
<h2>How much toothpaste?</h2>
<ul><li><strong>Under 3 years:</strong> a smear the size of a grain of rice of fluoride toothpaste.</li><li><strong>3 to 6 years:</strong> a pea-sized amount.</li><li>Teach children to spit, not rinse, so the fluoride keeps working.</li></ul>
<h2>Two minutes, twice a day</h2>
<p>Brush in the morning and, most importantly, last thing at night. Saliva flow drops while we sleep, so food left on the teeth does the most harm overnight. A song or a two-minute timer makes the time pass quickly.</p>
<h2>Help until they can tie their shoelaces</h2>
<p>Children usually need help brushing until about age 7 or 8. Stand behind your child, tilt their head back slightly, and use small circles along the gum line.</p>
<h2>Sweets and snacks</h2>
<p>How often sugar is eaten matters more than how much. Keep sweets to mealtimes, offer water between meals, and avoid sending children to bed with milk or juice in a bottle.</p>
<p>Bring your child for their first dental visit by their first birthday. Early, friendly visits make the dentist a familiar place rather than a scary one.</p>`,
  },
  {
    title: 'Root Canal Treatment: Myths and Facts',
    excerpt: 'A root canal is not the painful ordeal people fear. Here is what really happens, step by step.',
    image: 'root-canal',
    content: `<p>Few words make patients as nervous as "root canal". Modern treatment, though, is usually no more uncomfortable than a filling, and it saves a tooth that would otherwise be lost.</p>
<h2>Myth: it is very painful</h2>
<p>The pain people remember comes from the infection, not the treatment. With local anaesthesia, the procedure itself is comfortable, and most patients feel relief once the inflamed pulp is removed.</p>
<h2>Myth: pulling the tooth is better</h2>
<p>Your natural tooth is worth keeping. An extraction leaves a gap that lets neighbouring teeth drift and often needs a bridge or an implant later, which costs more time and money.</p>
<h2>What happens during treatment</h2>
<ul><li>The tooth is numbed and isolated with a rubber sheet to keep it clean and dry.</li><li>The infected pulp is removed, and the canals are cleaned and shaped.</li><li>The canals are filled and sealed, and the tooth is restored, often with a crown.</li></ul>
<h2>Aftercare</h2>
<p>Mild tenderness for a few days is normal. Avoid chewing hard food on that side until the final crown is placed. Call us if swelling or severe pain develops.</p>`,
  },
  {
    title: 'Is Teeth Whitening Safe?',
    excerpt: 'Professional whitening versus home kits: what works, what is safe, and how long results last.',
    image: 'whitening',
    content: `<p>A brighter smile is one of the most requested cosmetic treatments. Done properly, whitening is safe for teeth and gums. Done carelessly, it can cause sensitivity and uneven results.</p>
<h2>Professional whitening</h2>
<p>In the clinic, we protect your gums before applying a whitening gel at a controlled strength. Results are visible in a single visit, and the dentist checks first that fillings, crowns or decay will not spoil the result.</p>
<h2>Home kits and "natural" remedies</h2>
<p>Over-the-counter strips are weak and slow. Abrasive remedies such as charcoal or baking soda scrubbing remove surface stains at the cost of enamel, which never grows back. We recommend avoiding them.</p>
<h2>Keeping the shade</h2>
<ul><li>Rinse with water after tea, coffee or red curries.</li><li>Keep up regular cleanings every six months.</li><li>Avoid tobacco, the strongest stain of all.</li></ul>
<p>Some sensitivity for a day or two after whitening is common and passes on its own. A sensitivity toothpaste helps.</p>`,
  },
  {
    title: 'Bleeding Gums? Do Not Ignore Them',
    excerpt: 'Bleeding while brushing is the first sign of gum disease, and it is reversible if caught early.',
    image: 'gum-health',
    content: `<p>Many people see a little blood while brushing and simply brush more gently. But healthy gums do not bleed. Bleeding is usually the first sign of gingivitis, an early and reversible form of gum disease.</p>
<h2>Why it happens</h2>
<p>Plaque left along the gum line hardens into tartar, which irritates the gums and makes them red, swollen and prone to bleeding. Diabetes, smoking, pregnancy and some medicines make it more likely.</p>
<h2>What you can do</h2>
<ul><li>Brush twice a day with a soft brush, angled towards the gum line.</li><li>Clean between your teeth daily with floss or interdental brushes.</li><li>Visit for a professional cleaning to remove tartar, which brushing cannot.</li></ul>
<h2>When it becomes serious</h2>
<p>Untreated, gingivitis can progress to periodontitis, where the bone holding the teeth is lost. Warning signs are receding gums, bad breath that will not go away and teeth that feel loose. Periodontal treatment can stop the damage, so come in early.</p>`,
  },
  {
    title: 'Clear Aligners or Braces: Which Is Right for You?',
    excerpt: 'Comparing comfort, cost, duration and results of aligners and traditional braces.',
    image: null,
    content: `<p>Both clear aligners and braces straighten teeth well. The right choice depends on your teeth, your lifestyle and your budget.</p>
<h2>Braces</h2>
<p>Fixed brackets handle complex movements and cost less. They work around the clock, so results do not depend on remembering to wear them.</p>
<h2>Clear aligners</h2>
<p>Removable and nearly invisible, aligners suit adults and teenagers with mild to moderate crowding. They must be worn about 22 hours a day.</p>
<p>A consultation with a scan tells you which option suits your smile.</p>`,
  },
  {
    title: 'Dental Care During Pregnancy',
    excerpt: 'Why check-ups matter when you are expecting, and which treatments are safe.',
    image: null,
    content: `<p>Hormonal changes during pregnancy make gums more sensitive and prone to bleeding. Regular check-ups are safe and important.</p>
<h2>Safe treatments</h2>
<p>Cleanings, fillings and urgent treatment can be done safely, ideally in the second trimester. Tell us you are pregnant so we can plan care and avoid unnecessary X-rays.</p>
<p>Morning sickness? Rinse with water or a fluoride mouthwash afterwards and wait 30 minutes before brushing.</p>`,
  },
];
