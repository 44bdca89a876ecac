import { theme } from 'antd';
import { DemoCallToAction } from '../components/DemoCallToAction';
import { FeatureCards } from '../components/FeatureCards';
import { Hero } from '../components/Hero';
import { LandingFooter } from '../components/LandingFooter';
import { LandingHeader } from '../components/LandingHeader';
import { Pricing } from '../components/Pricing';

/** The public home page (spec 000 §1). */
export default function LandingPage() {
  const { token } = theme.useToken();
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
