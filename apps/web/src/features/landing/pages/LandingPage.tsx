import { theme } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { DemoCallToAction } from '../components/DemoCallToAction';
import { FeatureCards } from '../components/FeatureCards';
import { Hero } from '../components/Hero';
import { LandingFooter } from '../components/LandingFooter';
import { LandingHeader } from '../components/LandingHeader';
import { Pricing } from '../components/Pricing';

/** The public home page (spec 000 §1). */
export default function LandingPage() {
  const { token } = theme.useToken();
  const { hash } = useLocation();

  // Links such as /#pricing (Back to Plans) land on their section: the page renders after the browser
  // has looked for the anchor, so scroll to it here.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [hash]);

  return (
    <div style={{ minHeight: '100vh', background: token.colorBgContainer }}>
      <LandingHeader />
      <main>
        <Hero />
        <FeatureCards />
        <Pricing />
        <DemoCallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
