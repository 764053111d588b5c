// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: renounceOwnership() looks final, but the renouncer is remembered and can take
/// the ownership (and the fee switch) back.
contract ReclaimableOwnerToken is OwnedPairToken {
    address private _previousOwner;
    uint256 public feeBps;

    constructor(uint256 supply) OwnedPairToken("Trust Me", "TRUST", supply) {}

    function renounceOwnership() public override onlyOwner {
        _previousOwner = _owner;
        _setOwner(address(0));
    }

    function unlock() external {
        require(msg.sender == _previousOwner, "not allowed");
        _setOwner(_previousOwner);
    }

    function setFee(uint256 bps) external onlyOwner {
        require(bps <= 10000, "fee");
        feeBps = bps;
    }

    function _transfer(address from, address to, uint256 value) internal override {
        uint256 fee = _isSell(from, to) ? (value * feeBps) / 10000 : 0;
        if (fee > 0) _move(from, address(this), fee);
        _move(from, to, value - fee);
    }
}
