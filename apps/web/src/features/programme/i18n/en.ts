/** The programme feature's English messages (namespace 'programme'). Keys are camelCase, grouped by component. */
export const programme = {
  name: 'Ingenious Gen',
  tagline: 'Training, internships and jobs for the new generation of tech talent.',
  intro:
    'A programme that connects students and recent graduates with companies: learn by doing, show what you can do and take the next step in your career with our support.',
  page: {
    eyebrow: 'Talent programme',
    statsHeading: 'The programme in numbers',
    offeringsHeading: 'What we offer',
    offeringsIntro: 'Six paths to learn, show your talent and get into work.',
    nextStepHeading: 'Ready to take the next step?',
    nextStepText: 'Talk to a consultant to find the right path, or download the full programme.',
  },
  cta: {
    enrol: 'Enrol now',
    learnMore: 'Learn more',
    consultant: 'Talk to a consultant',
    download: 'Download the programme',
  },
  stats: {
    partnerCompanies: 'partner companies',
    placementRate: 'placement rate',
    graduates: 'graduates',
  },
  offerings: {
    estagios: {
      title: 'Internships at partner companies',
      description: 'Real experience in technology teams across our network of companies.',
      highlights: {
        one: 'Internships of 3 to 6 months at partner companies',
        two: 'A dedicated mentor throughout the internship',
        three: 'A chance to be hired at the end',
      },
    },
    bootcamps: {
      title: 'Intensive bootcamps',
      description: 'Immersive, hands-on programmes to master a field in a few weeks.',
      highlights: {
        one: 'Web development, data and cloud',
        two: 'Real projects built in teams',
        three: 'Trainers with industry experience',
      },
    },
    concursos: {
      title: 'Contests and challenges',
      description: 'Hackathons and challenges set by companies to put talent to the test.',
      highlights: {
        one: 'Hackathons and challenges proposed by companies',
        two: 'Prizes and recognition for the best teams',
        three: 'Visibility with recruiters',
      },
    },
    formacao: {
      title: 'Complementary training with certification',
      description: 'Courses that round off academic training with the skills the market looks for.',
      highlights: {
        one: 'Technical and soft skills',
        two: 'Certificates recognised by the market',
        three: 'Preparation for international certifications',
      },
    },
    exposicao: {
      title: 'Project exhibition and networking',
      description: 'Occasions to show the work you have done and meet the people who hire.',
      highlights: {
        one: 'Project showcases open to companies',
        two: 'Networking events with industry professionals',
        three: 'A public portfolio of your projects',
      },
    },
    empregabilidade: {
      title: 'Placement and entrepreneurship support',
      description: 'Support in finding a job or in starting your own business.',
      highlights: {
        one: 'CV review and interview preparation',
        two: "Access to the partner companies' job offers",
        three: 'Mentoring for those who want to start their own company',
      },
    },
  },
  offeringCard: {
    interest: "I'm interested",
    interestIn: "I'm interested in {{title}}",
  },
  enquiry: {
    title: 'Contact request',
    description: 'Leave us your details and our team will get back to you soon.',
    interestLegend: 'What would you like to do?',
    interests: {
      inscricao: 'I want to enrol',
      'saber-mais': 'I want to learn more',
      consultor: 'I want to talk to a consultant',
    },
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone (optional)',
    phoneHint: 'Digits, spaces, +, ( ) and -; up to {{max}} characters.',
    phoneInvalid: 'Use only digits, spaces, +, ( ) and -.',
    offering: 'Offering of interest (optional)',
    noOffering: 'No preference',
    message: 'Message (optional)',
    messageHint: 'Up to {{max}} characters.',
    consent: 'I agree to be contacted by the Ingenious Gen team about this request.',
    consentRequired: 'Agree to be contacted so that we can send you an answer.',
    submit: 'Send request',
    pending: 'Sending…',
    sentToast: 'Request sent',
    received: 'Thank you! We have received your request and will be in touch soon.',
    failed: 'The request could not be sent. Try again.',
    tooMany: 'Too many requests from this connection. Try again in a few minutes.',
  },
  document: {
    title: 'Ingenious Gen Programme',
    print: 'Print / save as PDF',
    back: 'Back to Ingenious Gen',
    offeringsHeading: 'Programme offerings',
    contactsHeading: 'Contacts',
    contactsText:
      'To enrol, ask for more information or talk to a consultant, fill in the contact form on the programme page:',
  },
} as const;
