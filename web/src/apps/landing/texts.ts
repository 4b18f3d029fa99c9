/**
 * Texts of the public site (spec core §1 "A public marketing site", §2 public routes) in Russian (default, complete) and
 * English (for foreign counterparties; chat-and-shell §2 locale routes). The claims' numbers come from `claims.ts`.
 */
import type { Locale } from '../../system/i18n';
import { claims } from './claims';

/** Everything the public pages print, for one locale. */
export function siteTexts(locale: Locale) {
  const c = claims(locale);
  if (locale === 'en') {
    return {
      appName: 'Currency Payments',
      nav: {
        label: 'Site sections',
        clients: 'For clients',
        agents: 'For partners',
        partners: 'For payment agents',
        cards: 'Foreign cards',
      },
      signIn: 'Sign in',
      language: { label: 'Language', ru: 'Русский', en: 'English' },
      facts: [
        { title: `Fee from ${c.minFee}`, text: 'The fee is calculated transparently before the deal starts' },
        { title: 'Central bank rate', text: 'Conversion at the rate of the Central Bank of Russia' },
        { title: `Up to ${c.workingDays} working days`, text: 'Time to execute the payment' },
        { title: `From ${c.minPayment}`, text: 'Minimum payment' },
      ],
      clients: {
        title: 'Cross-border currency payments for foreign trade',
        lead: 'Pay foreign suppliers and receive payments from abroad. Payment agents compete for your request: compare their offers and choose the best one.',
        cta: 'Sign in or register',
      },
      agents: {
        title: 'Bring clients, earn a commission',
        lead: 'Referral partners add companies to their list, create requests for verified clients and earn a share of the service fee for every executed deal.',
        cta: 'Become a partner',
        points: [
          'Your own client list with verification status',
          'Requests on behalf of your verified clients',
          'Commission for every executed deal',
          'Documents and acts signed online',
        ],
      },
      partners: {
        title: 'Payment agents: requests from verified companies',
        lead: `Receive payment requests chosen for your currencies and countries, send offers and execute deals. Partner acquiring for incoming payments: ${c.acquiring}.`,
        cta: 'Sign in as a payment agent',
        points: [
          'Requests matched to your currencies, countries and limits',
          'Offers with the commission computed by the server',
          'Documents, bills and closing documents in one place',
          `Acquiring of incoming payments ${c.acquiring}`,
        ],
      },
      steps: {
        title: 'How a deal goes',
        items: [
          'You create a request: amount, currency, counterparty and documents',
          'An operator checks it and sends it to suitable payment agents',
          'Agents send offers; you compare and accept one',
          'You sign the documents and pay the bill in roubles',
          `The agent executes the payment within ${c.workingDays} working days and sends the closing documents`,
        ],
      },
      faq: {
        title: 'Questions and answers',
        items: [
          {
            q: 'What does it cost?',
            a: `The fee starts at ${c.minFee} of the payment; every offer shows the full amount before you accept it.`,
          },
          { q: 'What is the minimum payment?', a: `From ${c.minPayment}.` },
          {
            q: 'How long does a payment take?',
            a: `Up to ${c.workingDays} working days after the payment agent receives the money.`,
          },
          {
            q: 'Which rate is used?',
            a: 'Conversion is at the central bank rate; the agent states the rate rules in the offer.',
          },
        ],
      },
      callback: {
        button: 'Request a call back',
        title: 'We will call you back',
        name: 'Your name',
        phone: 'Phone, 10 digits',
        email: 'E-mail (optional)',
        comment: 'Comment',
        submit: 'Send',
        sent: 'Thank you! We will call you back during business hours.',
        close: 'Close',
        required: 'Required field',
        rateLimited: 'Too many requests. Please try again later.',
      },
      calculator: {
        title: 'Fee calculator',
        lead: `An indicative fee at the payment agents' current terms: from ${c.minFee}, for payments from ${c.calculatorMin}.`,
        amount: 'Payment amount',
        currency: 'Currency',
        submit: 'Calculate',
        fee: 'Fee',
        rate: 'Indicative rate',
        converted: 'Payment in roubles',
        total: 'Total to pay',
        note: "An estimate: the final amount is in the payment agent's offer (rate of the day, additional expenses).",
      },
      cards: {
        title: 'Foreign bank cards',
        lead: `Cards of foreign banks issued for a fee — in person or by a power of attorney without travelling. Card discount ${c.cardDiscount}.`,
        points: ['Issued for a fee', 'With or without a power of attorney', `Discount ${c.cardDiscount} on the card`],
        back: 'To the main page',
        form: {
          title: 'Apply for a debit card',
          intro:
            'Leave your contacts: a manager will call you back, tell you about the banks and the issue fee and help you get the card.',
          name: 'Your name',
          phone: 'Phone, 10 digits',
          email: 'E-mail (optional)',
          way: 'How to get the card',
          inPerson: 'In person',
          byPowerOfAttorney: 'By a power of attorney, without travelling',
          city: 'City (optional)',
          comment: 'Comment (optional)',
          submit: 'Send the application',
          sent: 'Thank you! Your application is received; a manager will contact you during business hours.',
          again: 'Send another one',
          required: 'Required field',
          rateLimited: 'Too many requests. Please try again later.',
        },
      },
      footer: `Currency payments for foreign trade · payment up to ${c.workingDays} working days · minimum payment from ${c.minPayment}`,
    };
  }
  return {
    appName: 'Валютные платежи',
    nav: {
      label: 'Разделы сайта',
      clients: 'Клиентам',
      agents: 'Партнёрам',
      partners: 'Платёжным агентам',
      cards: 'Зарубежные карты',
    },
    signIn: 'Войти',
    language: { label: 'Язык', ru: 'Русский', en: 'English' },
    facts: [
      { title: `Комиссия от ${c.minFee}`, text: 'Прозрачный расчёт комиссии до начала сделки' },
      { title: 'По курсу ЦБ', text: 'Конвертация по курсу Центрального банка' },
      { title: `До ${c.workingDays} рабочих дней`, text: 'Срок исполнения платежа' },
      { title: `От ${c.minPayment}`, text: 'Минимальная сумма платежа' },
    ],
    clients: {
      title: 'Валютные платежи для внешнеэкономической деятельности',
      lead: 'Оплачивайте поставки зарубежным контрагентам и получайте платежи из-за рубежа. Платёжные агенты соревнуются за вашу заявку: сравнивайте предложения и выбирайте лучшее.',
      cta: 'Войти или зарегистрироваться',
    },
    agents: {
      title: 'Приводите клиентов и получайте вознаграждение',
      lead: 'Партнёр добавляет компании в свой список, создаёт заявки для подтверждённых клиентов и получает долю комиссии сервиса с каждой исполненной сделки.',
      cta: 'Стать партнёром',
      points: [
        'Свой список клиентов с долей подтверждённых',
        'Заявки от имени подтверждённых клиентов',
        'Вознаграждение с каждой исполненной сделки',
        'Документы и акты с электронной подписью',
      ],
    },
    partners: {
      title: 'Платёжным агентам: заявки проверенных компаний',
      lead: `Получайте заявки на валютные платежи по вашим валютам и странам, отправляйте предложения и исполняйте сделки. Партнёрский эквайринг входящих платежей — ${c.acquiring}.`,
      cta: 'Войти как платёжный агент',
      points: [
        'Заявки по вашим валютам, странам и лимитам',
        'Предложения с комиссией, рассчитанной сервером',
        'Документы, счета и закрывающие документы в одном месте',
        `Эквайринг входящих платежей ${c.acquiring}`,
      ],
    },
    steps: {
      title: 'Как проходит сделка',
      items: [
        'Вы создаёте заявку: сумма, валюта, контрагент и документы',
        'Оператор проверяет её и направляет подходящим платёжным агентам',
        'Агенты присылают предложения, вы сравниваете и принимаете одно',
        'Вы подписываете документы и оплачиваете счёт в рублях',
        `Агент исполняет платёж до ${c.workingDays} рабочих дней и присылает закрывающие документы`,
      ],
    },
    faq: {
      title: 'Вопросы и ответы',
      items: [
        {
          q: 'Сколько это стоит?',
          a: `Комиссия — от ${c.minFee} от суммы платежа; полная сумма видна в каждом предложении до его принятия.`,
        },
        { q: 'Какой минимальный платёж?', a: `От ${c.minPayment}.` },
        { q: 'Сколько идёт платёж?', a: `До ${c.workingDays} рабочих дней после поступления денег платёжному агенту.` },
        {
          q: 'По какому курсу конвертация?',
          a: 'По курсу ЦБ; правила определения курса агент указывает в предложении.',
        },
      ],
    },
    callback: {
      button: 'Заказать обратный звонок',
      title: 'Мы вам перезвоним',
      name: 'Как к вам обращаться',
      phone: 'Телефон, 10 цифр',
      email: 'Электронная почта (необязательно)',
      comment: 'Комментарий',
      submit: 'Отправить',
      sent: 'Спасибо! Мы перезвоним вам в рабочее время.',
      close: 'Закрыть',
      required: 'Обязательное поле',
      rateLimited: 'Слишком много запросов. Попробуйте позже.',
    },
    calculator: {
      title: 'Калькулятор комиссии',
      lead: `Ориентировочная комиссия по текущим условиям платёжных агентов: от ${c.minFee}, для платежей от ${c.calculatorMin}.`,
      amount: 'Сумма платежа',
      currency: 'Валюта',
      submit: 'Рассчитать',
      fee: 'Комиссия',
      rate: 'Ориентировочный курс',
      converted: 'Платёж в рублях',
      total: 'Итого к оплате',
      note: 'Расчёт ориентировочный: итоговая сумма — в предложении платёжного агента (курс дня, дополнительные расходы).',
    },
    cards: {
      title: 'Зарубежные банковские карты',
      lead: `Карты зарубежных банков за плату — лично или по доверенности, без поездки. Скидка на карту ${c.cardDiscount}.`,
      points: ['Выпуск за плату', 'С доверенностью или без неё', `Скидка на карту ${c.cardDiscount}`],
      back: 'На главную',
      form: {
        title: 'Заявка на дебетовую карту',
        intro:
          'Оставьте контакты — менеджер перезвонит, расскажет о банках и стоимости выпуска и поможет оформить карту.',
        name: 'Как к вам обращаться',
        phone: 'Телефон, 10 цифр',
        email: 'Электронная почта (необязательно)',
        way: 'Как оформить карту',
        inPerson: 'Лично',
        byPowerOfAttorney: 'По доверенности, без поездки',
        city: 'Город (необязательно)',
        comment: 'Комментарий (необязательно)',
        submit: 'Отправить заявку',
        sent: 'Спасибо! Заявка принята, менеджер свяжется с вами в рабочее время.',
        again: 'Отправить ещё одну',
        required: 'Обязательное поле',
        rateLimited: 'Слишком много запросов. Попробуйте позже.',
      },
    },
    footer: `Валютные платежи для ВЭД · оплата до ${c.workingDays} рабочих дней · минимальный платёж от ${c.minPayment}`,
  };
}

export type SiteTexts = ReturnType<typeof siteTexts>;
