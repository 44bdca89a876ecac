import type { Cues } from '../cues';

/** What English customers and owners write that the agent looks for (each kind: ../cues.ts). */
export const ENGLISH_CUES: Cues = {
  intents: {
    greeting: {
      1:
        'hi, hello, hey, hiya, howdy, greetings, good morning, good afternoon, good evening, ' +
        'how are you, thanks, thank you, cheers',
    },
    product_inquiry: {
      2:
        'do you have, do you sell, do you carry, have you got, in stock, available, availability, size*, ' +
        'colour*, color*, feature*, spec*, more info*, details, catalog*, what kind, which model*, ' +
        'recommend*, looking for, difference between, made of, material, compatible, waterproof, ' +
        'do you offer, do you do, do you provide',
    },
    pricing: {
      3:
        'how much, price*, cost*, pricing, discount*, promo*, coupon*, cheap*, expensive, afford*, ' +
        'quote, on sale, deal*',
    },
    order_status: {
      3:
        "order status, where is my, where's my, track*, shipped, shipment, dispatched, " +
        'delivery status, out for delivery, order number, when will it arrive, when will my, ' +
        "hasn't arrived, has not arrived, haven't received, have not received, didn't arrive, " +
        'never arrived, not arrived, not received, any news, any update*, an update on',
      2: 'package, parcel, arrive*',
      // Naming the order is context, not a request ("Can I return my order?" asks about returns, "Can you gift
      // wrap my order?" about a service): it weighs like a greeting.
      1: 'my order, i ordered',
    },
    complaint: {
      3:
        'complain*, unacceptable, terrible, awful, horrible, worst, disappointed, disappointing, angry, ' +
        'furious, broken, came off, fell apart, falling apart, ripped, torn, damaged, defective, faulty, wrong item, not happy, unhappy, ' +
        'poor service, bad service, rude, impolite, scam, ridiculous, waste of money, fed up, ' +
        'disgusting, no one answer*, nobody answer*, upset, not fair, unfair, ruined, ' +
        'not what i ordered',
      2: 'still waiting, never again',
    },
    support: {
      2:
        "help, how do i, how to, problem, issue, not working, doesn't work, does not work, " +
        "stopped working, won't, can't, cannot, error, fix, set up, setup, install*, " +
        'policy, policies, support, opening hours, hours, open, close, located, ' +
        'location, address, where are you, contact, phone number, email, shipping, deliver*, ship to, ' +
        'instalment*, installment*, financing, payment method*, pay with, pay by, account, password, log in, login, pick up, pickup, in store, ' +
        'do you accept, paypal, credit card, cash on delivery, crash*, reschedule',
      // Policy actions (returning, refunding, exchanging, cancelling) ask about the policy even when they name the
      // order ("Can I return my order?"); then visiting the business: getting there, parking, arriving, what to bring.
      3:
        'return*, refund*, exchange*, warranty, guarantee, cancel*, parking, car park, where can i park, how early, arrive early, get there early, what should i bring, ' +
        'what do i bring, what to bring, do i need to bring, how do i get there, how to get there, ' +
        'how do i get to, public transport, wheelchair, accessible, my records, your records, keep my',
    },
    purchase_intent: {
      4:
        "i want to buy, i'd like to buy, i would like to buy, i want to order, i'd like to order, " +
        "i would like to order, i'll take, i will take, place an order, place my order, how can i buy, " +
        'how do i buy, how can i order, how do i order, how to order, how to buy, can i order, ' +
        "can i buy, i'll buy, i want to purchase, ready to pay, payment link, add to cart, checkout, " +
        "i want one, i'll have, i want to book, i'd like to book, i would like to book, book me in, " +
        'make an appointment, make a booking, book an appointment',
      3: 'purchase*, reserve, pre order, preorder, book a, book an, can i book',
      2: 'buy*',
    },
  },
  urgent: 'asap, as soon as possible, immediately, right now, right away, emergency',
  anger: 'angry, furious, unacceptable, ridiculous, outrageous, worst, scam, disgusting, fed up, never again',
  orderProblem:
    "hasn't arrived, has not arrived, not arrived, never arrived, didn't arrive, not received, " +
    "haven't received, have not received, never received, late, delayed, lost, missing, wrong, damaged, " +
    'broken, still waiting',
  buying:
    'how can i buy, how do i buy, how can i order, how do i order, how to order, can i order, wholesale, ' +
    'bulk, for my company, for my business, for my shop, for my store, for my office, for my team, ' +
    'a dozen, do you deliver, can you deliver, do you ship',
  quantityUnits:
    'unit, units, pcs, piece, pieces, pair, pairs, box, boxes, pack, packs, bottle, bottles, kg, of',
  person:
    'real person, a person, a human, human being, talk to someone, speak to someone, talk to somebody, ' +
    'speak to somebody, talk to a person, speak to a person, someone from your team, staff member, ' +
    'customer service agent, live agent, an agent, the manager, your manager, call me back, not a bot, ' +
    'are you a bot, stop the bot',
  aboutBusiness:
    'what do you sell, what do you do, what do you offer, what do you make, what does your company, ' +
    "what is your company, what's your company, what is your business, what's your business, what kind of business, " +
    'what kind of company, what kind of shop, what kind of store, tell me about you, tell me about your company, ' +
    'tell me about your business, tell me about your shop, tell me about your store, about your company, ' +
    'about your business, about your shop, about your store, who are you, who is this, what are you, ' +
    'what services, your services, what products, what can you do for me',
  where:
    "where is, where are, where's, whereabouts, how do i get to, how can i get to, how to get to, how do i find",
  facts: {
    openingHours:
      'opening hours, opening times, open hours, business hours, store hours, shop hours, your hours, what hours, ' +
      'working hours, when do you open, what time do you open, when are you open, are you open, open today, ' +
      'open tomorrow, open on, open until, open late, when do you close, what time do you close, closing time, ' +
      'closed on, close on, days are you open',
    address:
      'where are you, where is your shop, where is your store, where is your office, where can i find you, ' +
      'your address, shop address, store address, office address, located, your location, directions to, ' +
      'visit your, come to your shop, come to your store',
    phone: 'your phone, phone number, telephone, call you, number to call, whatsapp number, your number',
    email: 'your email, email address, email you, e mail address, mail you',
    website: 'website, web site, your site, online shop, online store',
    contact: 'contact you, how can i contact, how do i contact, reach you, get in touch',
  },
  ownerOnly:
    'discount*, coupon*, promo*, voucher*, code, weigh*, weight, dimension*, deliver*, ship*, return*, refund*, ' +
    'exchange*, warrant*, guarantee*, payment*, pay, installment*, instalment*, gift card*, price match, ' +
    'loyalty, membership, policy, policies, how long, how many days, when will, what date, which date',
  measure: 'weigh*, weight, dimension*, how big, how heavy, how large, measurements',
  privateNotes: {
    labels:
      'internal, internal note, internal notes, internal info, internal information, internal use, internal use only, ' +
      'internal only, note, notes, note to self, notes to self, nb, n b, todo, fixme, memo, reminder, private, ' +
      'private note, private notes, confidential, secret, staff, staff only, staff note, staff notes, for staff, ' +
      'for staff only, for employees, employees only, admin, owner only, not for customers, not for the customers, ' +
      "do not share, don't share, off the record",
    noteStarts: 'internal, confidential',
    secrecy:
      "do not … share, don't … share, dont … share, never … share, do not … tell, don't … tell, dont … tell, " +
      "never … tell, do not … mention, don't … mention, dont … mention, never … mention, do not … reveal, " +
      "don't … reveal, never … reveal, do not … disclose, don't … disclose, never … disclose, do not … give out, " +
      "don't … give out, never … give out, do not say, don't say, do not … publish, don't … publish, " +
      "do not … advertise, don't … advertise, never … advertise, do not let … know, don't let … know, " +
      'keep … … private, keep … … secret, keep … … confidential, keep … … internal, keep … … to yourself, ' +
      'keep … … between us, keep … … quiet, keep … … hidden, keep … … under wraps, just between us, ' +
      'only between us, between us only, strictly between us, stays between us, between you and me, ' +
      'not for customers, not for the customers, not for the public, not for public, not public, ' +
      'not to be shared, not to be disclosed, not to be mentioned, not to be given, must not be shared, ' +
      "should not be shared, shouldn't be shared, must not be mentioned, must not know, should not know, " +
      "shouldn't know, mustn't know, customers don't know, only if … asks, only if … ask, only share, " +
      'only mention, only tell, only reveal, unadvertised, not advertised, confidential, internal only, ' +
      'internal use, internal note, internal notes, internal info, for internal, staff only, for staff only, ' +
      'employees only, for employees only, staff use only, owner only, for your eyes only, off the record, ' +
      'hush hush, top secret, keep it secret, is secret, is a secret, are secret, private note, private notes, ' +
      'private info, private information, not … announced, not yet public, not public yet, under embargo, ' +
      'embargoed, stay between us, remain between us, between ourselves',
    secrets:
      'password*, passcode*, passphrase, alarm code*, safe combination, safe code, door code*, gate code*, lockbox, ' +
      'key code, pin code, pin number, login details, login credentials, admin login, bank details, iban, ' +
      'profit margin*, our margin*, margin on, margins on, markup*, mark up, cost price*, buying price, buy price, ' +
      'purchase price, wholesale price*, wholesale cost*, supplier price*, supplier cost*, my personal, ' +
      'personal number, personal phone, personal mobile, personal cell, personal email, private number, ' +
      'private phone, private mobile, private email, private line, home address, home number',
    insiders:
      'staff, staffer*, employee*, internal*, insider*, secret*, colleague*, friends and family, ' +
      'family and friends, back office, undisclosed',
    sensitive:
      'code*, coupon*, discount*, promo*, voucher*, price*, pricing, rate, rates, cost, costs, margin*, ' +
      'supplier*, salary, salaries, wage*, commission*, bonus*, account, accounts, bank, card, cards, key, keys, ' +
      'combination, pin, wifi, wi fi, login*',
    pointBack:
      'this, that, it, these, those, above, info, information, details, customers, customer, clients, client, ' +
      'anyone, anybody, public, with, to, the, about, please, any, one, ever, again, online',
    pointForward:
      'following, below, from here on, from here, from now on, after this line, below this line, everything below, ' +
      'the rest',
    privacyPromises:
      'your data, your details, your information, your info, your personal, your privacy, your password, ' +
      'your card, your account, your email, your number, customer data, customers data, customer information, ' +
      'personal data, third parties, third party',
    publicAudience:
      'for everyone, for everybody, for all customers, for all our customers, for customers, for guests, ' +
      'for all guests, for visitors, for our guests, anyone can, anyone else, everyone can, every customer, ' +
      'all customers, feel free to share, share it with, free wifi, free wi fi',
    notSecrecy: 'hesitate, forget, fail',
  },
};
