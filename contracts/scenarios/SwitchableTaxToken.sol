// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: 5 % buy and sell taxes that the owner can raise to anything, up to 100 %.
contract SwitchableTaxToken is OwnedPairToken {
    uint256 public buyFeeBps = 500;
    uint256 public sellFeeBps = 500;

    constructor(uint256 supply) OwnedPairToken("Yield Farmer", "YFARM", supply) {}

    /// @dev No upper bound: the owner can turn the sell tax into a honeypot at any time.
    function setFees(uint256 buyBps, uint256 sellBps) external onlyOwner {
        require(buyBps <= 10000 && sellBps <= 10000, "fee");
        buyFeeBps = buyBps;
        sellFeeBps = sellBps;
    }

    function _transfer(address from, address to, uint256 value) internal override {
        uint256 feeBps = _isSell(from, to) ? sellFeeBps : _isBuy(from, to) ? buyFeeBps : 0;
        uint256 fee = (value * feeBps) / 10000;
        if (fee > 0) _move(from, _owner, fee);
        _move(from, to, value - fee);
    }
}
