import type { BookingTreatmentCode } from './booking';

export type TreatmentCategory = 'preventive' | 'restorative' | 'cosmetic' | 'orthodontics';

export interface Treatment {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** An emoji, shown as the treatment's icon. */
  icon: string;
  /** A price range in rupees, as shown to visitors. */
  price: string;
  duration: string;
  procedure: [string, string, string];
  category: TreatmentCategory;
  /** The 'About This Treatment' paragraph. */
  about: string;
  /** The code the booking form preselects for this treatment. */
  bookingCode: BookingTreatmentCode;
}

export const treatmentCategories: readonly { key: TreatmentCategory; title: string; description: string }[] = [
  {
    key: 'preventive',
    title: 'Preventive Care',
    description: 'Check-ups, cleaning and protection that stop problems before they start.',
  },
  {
    key: 'restorative',
    title: 'Restorative',
    description: 'Repairing and replacing teeth so you can chew, speak and smile with comfort.',
  },
  {
    key: 'cosmetic',
    title: 'Cosmetic',
    description: 'Whiter, even, natural-looking smiles with gentle, conservative care.',
  },
  {
    key: 'orthodontics',
    title: 'Orthodontics',
    description: 'Straightening teeth and correcting bites with braces or clear aligners.',
  },
];

// CLINIC-6 and CLINIC-7 fix the slugs and their order; CLINIC-8 the prices and durations.
// Durations CLINIC-8 leaves blank are typical figures, stated as ranges because every mouth differs.
export const treatments: readonly Treatment[] = [
  {
    id: 1,
    name: 'Tooth Extraction',
    slug: 'dental-extraction',
    description: 'Gentle removal of a badly damaged, decayed or loose tooth, with the area fully numbed first.',
    icon: '🦷',
    price: '₹1,500 - ₹3,000',
    duration: '30-60 min',
    procedure: [
      'Examination and X-ray to plan the safest way to remove the tooth',
      'Local anaesthetic so the area is completely numb',
      'Careful removal, followed by clear aftercare instructions for quick healing',
    ],
    category: 'restorative',
    about:
      'We always try to save a natural tooth first, but when a tooth is too damaged, infected or loose to repair, removing it protects your health. The area is numbed thoroughly, so you feel pressure rather than pain. We then talk you through aftercare and, where needed, options to replace the tooth such as a bridge, implant or denture.',
    bookingCode: 'extraction',
  },
  {
    id: 2,
    name: 'Dental Crown',
    slug: 'crown',
    description: 'A custom-made cap that covers and strengthens a weak, broken or root-canal-treated tooth.',
    icon: '👑',
    price: '₹8,000 - ₹15,000',
    duration: '2-3 visits',
    procedure: [
      'The tooth is shaped and an impression or scan is taken',
      'A temporary crown protects the tooth while your crown is made',
      'The final crown is checked for fit and bite, then cemented in place',
    ],
    category: 'restorative',
    about:
      'A crown fits over the whole visible part of a tooth, restoring its shape, strength and appearance. Crowns are often advised after a root canal, for a large filling that is failing or for a cracked tooth. We offer metal-ceramic and all-ceramic crowns and will help you choose based on where the tooth is and your budget.',
    bookingCode: 'crown',
  },
  {
    id: 3,
    name: 'Dentures',
    slug: 'dentures',
    description: 'Comfortable removable full or partial dentures to replace missing teeth and restore your smile.',
    icon: '😁',
    price: '₹15,000 - ₹40,000',
    duration: '4-6 visits',
    procedure: [
      'Impressions and bite records are taken of your gums and remaining teeth',
      'A trial denture lets you check the look, fit and comfort',
      'The final denture is fitted and adjusted, with follow-up visits as you get used to it',
    ],
    category: 'restorative',
    about:
      'Dentures replace several or all missing teeth, helping you chew, speak clearly and feel confident again. Each denture is made to fit your mouth and to look natural. It is normal to need a few small adjustments in the first weeks, and we will show you how to clean and care for your dentures so they last.',
    bookingCode: 'dentures',
  },
  {
    id: 4,
    name: 'Veneers',
    slug: 'veneer',
    description: 'Thin, tooth-coloured shells bonded to the front of teeth to improve their shape, colour and gaps.',
    icon: '✨',
    price: '₹8,000 - ₹12,000 per tooth',
    duration: '2-3 visits',
    procedure: [
      'Smile assessment and shade selection to plan the look you want',
      'A very thin layer of enamel is prepared and an impression is taken',
      'The veneers are bonded in place and polished for a natural finish',
    ],
    category: 'cosmetic',
    about:
      'Veneers cover the front surface of teeth that are stained, chipped, uneven or slightly gapped. They are made to match your natural teeth, so the result looks like your own smile at its best. Veneers need only minimal preparation of the tooth and, with good care, last for many years.',
    bookingCode: 'veneer',
  },
  {
    id: 5,
    name: 'Bridges & Implants',
    slug: 'bridges-implants',
    description: 'Fixed replacements for missing teeth that look, feel and work like natural teeth.',
    icon: '🔩',
    price: '₹25,000 - ₹50,000',
    duration: '3-6 months',
    procedure: [
      'Consultation with X-rays to check bone and gum health and plan treatment',
      'The implant is placed in the jaw, or neighbouring teeth are prepared for a bridge',
      'After healing, the final crown or bridge is fixed in place',
    ],
    category: 'restorative',
    about:
      'A missing tooth affects chewing and can let neighbouring teeth drift. An implant is a small titanium post that replaces the root and supports a crown; it takes a few months to bond with the bone. A bridge uses the teeth on either side to hold a replacement tooth. We explain both options honestly so you can choose what suits you.',
    bookingCode: 'implants',
  },
  {
    id: 6,
    name: 'Teeth Whitening',
    slug: 'teeth-whitening',
    description: 'Safe, professional whitening that lifts stains and brightens your smile by several shades.',
    icon: '🌟',
    price: '₹8,000 - ₹15,000',
    duration: '60-90 min',
    procedure: [
      'Check-up and cleaning to make sure teeth and gums are healthy',
      'Gums are protected and a professional whitening gel is applied',
      'The shade is compared and you get tips to keep your smile bright',
    ],
    category: 'cosmetic',
    about:
      'Tea, coffee, smoking and age can all dull the colour of teeth. Professional whitening uses carefully controlled gels to lighten stains safely under a dentist\'s supervision. Some people notice brief sensitivity, which settles within a day or two. Whitening does not change the colour of crowns or fillings, so we check these first.',
    bookingCode: 'whitening',
  },
  {
    id: 7,
    name: 'Wisdom Tooth Removal',
    slug: 'wisdom-teeth',
    description: 'Careful removal of painful, impacted or decaying wisdom teeth to protect neighbouring teeth.',
    icon: '🩺',
    price: '₹3,000 - ₹8,000',
    duration: '45-90 min',
    procedure: [
      'X-ray to see the position of the wisdom tooth and nearby nerves',
      'Local anaesthetic, then gentle removal of the tooth',
      'Stitches if needed, with aftercare advice and a review visit',
    ],
    category: 'restorative',
    about:
      'Wisdom teeth often lack room to come through properly and can cause pain, swelling, gum infection or decay in the tooth next to them. Not every wisdom tooth needs to come out; we examine it and take an X-ray before advising you. When removal is best, it is done under local anaesthetic with clear advice for a smooth recovery.',
    bookingCode: 'wisdom',
  },
  {
    id: 8,
    name: 'Teeth Cleaning',
    slug: 'teeth-cleaning',
    description: 'Professional scaling and polishing to remove plaque and tartar and keep gums healthy.',
    icon: '🪥',
    price: '₹1,500 - ₹3,000',
    duration: '30-60 min',
    procedure: [
      'Check of your teeth and gums',
      'Scaling to remove hardened tartar above and just below the gum line',
      'Polishing to smooth the teeth and remove surface stains',
    ],
    category: 'preventive',
    about:
      'Even with good brushing, tartar builds up in places a toothbrush cannot reach. A professional cleaning every six months removes it, helps prevent gum disease and bad breath, and lets us spot small problems early. It is gentle and suitable for adults and children alike.',
    bookingCode: 'cleaning',
  },
  {
    id: 9,
    name: 'Dental Restoration',
    slug: 'dental-restoration',
    description: 'Rebuilding broken, worn or decayed teeth to bring back their strength, shape and function.',
    icon: '🛠️',
    price: '₹2,000 - ₹10,000',
    duration: '1-2 visits',
    procedure: [
      'Examination and X-ray to see how much of the tooth is affected',
      'Decay or weak tooth structure is removed and the tooth is prepared',
      'The tooth is rebuilt with a filling, inlay or onlay and shaped to your bite',
    ],
    category: 'restorative',
    about:
      'Restorations repair teeth damaged by decay, wear or injury so they work and look as they should. Depending on the damage, we may use a tooth-coloured filling, an inlay or onlay, or recommend a crown. We aim to keep as much of your natural tooth as possible.',
    bookingCode: 'restoration',
  },
  {
    id: 10,
    name: 'Braces',
    slug: 'braces',
    description: 'Metal or ceramic braces that gradually straighten teeth and correct bite problems.',
    icon: '😬',
    price: '₹40,000 - ₹80,000',
    duration: '18-36 months',
    procedure: [
      'Orthodontic assessment with X-rays, photos and impressions',
      'Brackets and wires are fitted to the teeth',
      'Regular adjustment visits guide teeth into place, then retainers keep them there',
    ],
    category: 'orthodontics',
    about:
      'Braces move teeth slowly and steadily to correct crowding, gaps and bite problems, which also makes teeth easier to clean. They work for children, teenagers and adults. We offer metal and tooth-coloured ceramic braces and will explain how long your treatment is likely to take and how to care for your teeth while wearing them.',
    bookingCode: 'braces',
  },
  {
    id: 11,
    name: 'Dental Bonding',
    slug: 'dental-bonding',
    description: 'Tooth-coloured resin applied to repair chips, close small gaps and reshape teeth in one visit.',
    icon: '💎',
    price: '₹3,000 - ₹8,000',
    duration: '30-60 min per tooth',
    procedure: [
      'A resin shade is chosen to match your natural teeth',
      'The tooth surface is lightly prepared and the resin is applied and shaped',
      'The resin is hardened with a special light and polished',
    ],
    category: 'cosmetic',
    about:
      'Bonding is a quick, conservative way to fix small chips, cracks, gaps or uneven edges, usually with little or no drilling and no anaesthetic. It is a more affordable alternative to veneers for minor changes. Bonded resin can stain over time, so we will advise you on how to keep it looking its best.',
    bookingCode: 'bonding',
  },
  {
    id: 12,
    name: 'Fluoride Treatment',
    slug: 'fluoride',
    description: 'A quick protective fluoride varnish that strengthens enamel and helps prevent cavities.',
    icon: '🛡️',
    price: '₹1,000 - ₹2,000',
    duration: '10-15 min',
    procedure: [
      'Teeth are cleaned and dried',
      'Fluoride varnish or gel is painted onto the teeth',
      'Advice to avoid eating or drinking for a short while so it can work',
    ],
    category: 'preventive',
    about:
      'Fluoride strengthens tooth enamel and makes it more resistant to decay. A professional application is especially helpful for children, and for adults with a high risk of cavities, dry mouth or sensitive teeth. It is quick, painless and can be repeated every few months as advised.',
    bookingCode: 'fluoride',
  },
  {
    id: 13,
    name: 'Invisalign',
    slug: 'invisalign',
    description: 'Nearly invisible, removable clear aligners that straighten teeth without metal brackets.',
    icon: '😊',
    price: '₹1,50,000 - ₹3,00,000',
    duration: '12-24 months',
    procedure: [
      'Digital scan and a treatment plan that previews how your teeth will move',
      'A series of custom clear aligners, each worn for about one to two weeks',
      'Regular check-ins to track progress, then retainers to hold the result',
    ],
    category: 'orthodontics',
    about:
      'Clear aligners are a discreet way to straighten teeth for teenagers and adults. You remove them to eat, brush and floss, so there are no food restrictions. They work best when worn for 20 to 22 hours a day. We check whether aligners suit your case and explain the plan before you start.',
    bookingCode: 'invisalign',
  },
  {
    id: 14,
    name: 'Root Canal Treatment',
    slug: 'root-canal',
    description: 'Saving an infected or badly decayed tooth by cleaning and sealing its inside, comfortably.',
    icon: '🔬',
    price: '₹5,000 - ₹12,000',
    duration: '1-3 visits',
    procedure: [
      'The tooth is numbed and the infected pulp is removed',
      'The root canals are cleaned, shaped and disinfected',
      'The canals are sealed and the tooth is restored, usually with a crown',
    ],
    category: 'restorative',
    about:
      'When infection reaches the nerve of a tooth, a root canal treatment removes the infection and saves the tooth instead of extracting it. With modern techniques and good anaesthesia, it feels much like having a filling. Afterwards a crown is usually advised to protect the tooth for years to come.',
    bookingCode: 'rootcanal',
  },
  {
    id: 15,
    name: 'Dental Fillings',
    slug: 'dental-fillings',
    description: 'Tooth-coloured fillings that repair cavities and blend in with your natural teeth.',
    icon: '🧩',
    price: '₹1,500 - ₹4,000',
    duration: '30-60 min',
    procedure: [
      'The tooth is numbed if needed and the decay is removed',
      'The cavity is cleaned and filled with tooth-coloured material',
      'The filling is shaped to your bite and polished',
    ],
    category: 'restorative',
    about:
      'A filling stops a cavity from growing and restores the tooth\'s shape. Treating decay early keeps fillings small and avoids more involved treatment later. We use tooth-coloured composite materials that bond to the tooth and look natural.',
    bookingCode: 'fillings',
  },
  {
    id: 16,
    name: 'Dental Sealants',
    slug: 'sealants',
    description: 'A thin protective coating on the chewing surfaces of back teeth to keep out decay.',
    icon: '🧴',
    price: '₹1,000 - ₹2,500',
    duration: '15-30 min',
    procedure: [
      'The back teeth are cleaned and dried',
      'A thin liquid sealant is painted onto the chewing surfaces',
      'The sealant is hardened with a light and the bite is checked',
    ],
    category: 'preventive',
    about:
      'The chewing surfaces of back teeth have deep grooves where food and bacteria collect. Sealants smooth over these grooves so they are easier to keep clean. They are painless, need no drilling and are most often recommended for children when their permanent molars come through.',
    bookingCode: 'sealants',
  },
  {
    id: 17,
    name: 'Fissure Sealants',
    slug: 'fissure-sealants',
    description: 'Protective sealing of deep pits and fissures in molars, ideal for children\'s new teeth.',
    icon: '🦷',
    price: '₹1,500 - ₹3,000',
    duration: '15-30 min',
    procedure: [
      'The deep grooves (fissures) of the molars are examined and cleaned',
      'The surface is prepared and a flowing sealant material is applied',
      'The sealant is set with a curing light and checked at each visit',
    ],
    category: 'preventive',
    about:
      'Fissure sealing targets the narrow, deep fissures of molars that a toothbrush bristle cannot clean. Sealing them soon after the permanent teeth appear greatly lowers the chance of cavities. The sealant is checked at routine visits and topped up if it wears.',
    bookingCode: 'fissure',
  },
  {
    id: 18,
    name: 'Gum Disease Treatment',
    slug: 'periodontal-disease',
    description: 'Treatment for bleeding, swollen or receding gums to stop gum disease and protect your teeth.',
    icon: '🩹',
    price: '₹3,000 - ₹15,000',
    duration: '2-4 visits',
    procedure: [
      'Gum health check, measuring the pockets around each tooth',
      'Deep cleaning (scaling and root planing) below the gum line',
      'Review visits to check healing, with a plan to keep gums healthy',
    ],
    category: 'restorative',
    about:
      'Bleeding gums, bad breath or loose teeth can be signs of gum (periodontal) disease, a common cause of tooth loss in adults. Caught early, it can be controlled with deep cleaning and good home care. We explain what is happening at each stage and help you keep your gums healthy afterwards.',
    bookingCode: 'periodontal',
  },
  {
    id: 19,
    name: 'Digital X-Ray',
    slug: 'digital-xray',
    description: 'Quick, low-radiation digital X-rays that help us see what the eye cannot.',
    icon: '📷',
    price: '₹500 - ₹1,500',
    duration: '5-10 min',
    procedure: [
      'A small sensor is placed in your mouth or you stand at the X-ray unit',
      'The image is taken in seconds with a very low dose of radiation',
      'The image appears on screen right away and the dentist explains what it shows',
    ],
    category: 'preventive',
    about:
      'Digital X-rays reveal decay between teeth, infections, bone health and the position of teeth that have not yet come through. They use much less radiation than traditional film and the images are ready immediately, so we can show you exactly what we see and plan treatment together.',
    bookingCode: 'consultation',
  },
  {
    id: 20,
    name: 'Smile Design',
    slug: 'smile-design',
    description: 'A personalised plan that combines treatments to create a natural, balanced smile.',
    icon: '😃',
    price: '₹25,000 - ₹75,000',
    duration: '2-4 weeks',
    procedure: [
      'Consultation with photos and scans to understand the smile you want',
      'A digital preview or trial smile so you can see the planned result',
      'Treatments such as whitening, veneers or bonding are carried out in stages',
    ],
    category: 'cosmetic',
    about:
      'Smile design looks at your teeth, gums, lips and face together to plan a smile that suits you. It may combine whitening, bonding, veneers, crowns or gum shaping. You see a preview before any treatment begins, and we agree on a plan and budget that you are comfortable with.',
    bookingCode: 'consultation',
  },
];

export function findTreatment(slug: string): Treatment | undefined {
  return treatments.find((t) => t.slug === slug);
}

/** The first n other treatments, in catalogue order (SPEC: 'the first three others'). */
export function relatedTreatments(slug: string, n = 3): Treatment[] {
  return treatments.filter((t) => t.slug !== slug).slice(0, n);
}

export function treatmentsInCategory(category: TreatmentCategory): Treatment[] {
  return treatments.filter((t) => t.category === category);
}

/** The home page's grid shows only the first 8. */
export const homeTreatments: readonly Treatment[] = treatments.slice(0, 8);

export const serviceCircles: readonly { label: string; slug: string; icon: string; href: string }[] = [
  { label: 'Implants', slug: 'bridges-implants' },
  { label: 'Invisible Aligners', slug: 'invisalign' },
  { label: 'Teeth Whitening', slug: 'teeth-whitening' },
  { label: 'Root Canal', slug: 'root-canal' },
  { label: 'Braces', slug: 'braces' },
].map((c) => ({ ...c, icon: findTreatment(c.slug)!.icon, href: `/treatments/${c.slug}` }));
